import { Badge, Group, Select, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Deal, Workflow } from '@slat/contracts';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { workflowsQueryOptions } from '../../workflows';
import { useSetDealFlag, useSetDealStatus } from '../api/deals';

const APPEARANCE_COLORS: Record<string, string> = {
  success: 'teal',
  warning: 'orange',
  danger: 'red',
  error: 'red',
  info: 'blue',
  primary: 'slat',
  default: 'gray',
};
const appearanceColor = (appearance: string) => APPEARANCE_COLORS[appearance] ?? 'gray';

export const PHASE_COLORS: Record<string, string> = {
  New: 'blue',
  Quoting: 'violet',
  InProgress: 'orange',
  Closed: 'teal',
  Cancelled: 'gray',
};

const iconColor = (type: string) =>
  type === 'warning' ? 'var(--mantine-color-orange-8)' : 'var(--mantine-color-blue-8)';

/** The deal's alerts (§4), warnings first: an icon and the text. */
export function DealAlerts({ deal, compact = false }: { deal: Deal; compact?: boolean }) {
  const alerts = [...deal.context.alerts].sort((a, b) => b.weight - a.weight);
  if (!alerts.length) return null;
  if (compact)
    return (
      <Group gap={4} wrap="nowrap">
        {alerts.map((alert) => {
          const Icon = alert.type === 'warning' ? IconAlertTriangle : IconInfoCircle;
          return (
            <Tooltip key={alert.key} label={alert.content} withArrow>
              <Group gap={2} wrap="nowrap" tabIndex={0}>
                <Icon size={16} aria-hidden color={iconColor(alert.type)} />
                <VisuallyHidden>{alert.content}</VisuallyHidden>
              </Group>
            </Tooltip>
          );
        })}
      </Group>
    );
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
      {alerts.map((alert) => {
        const Icon = alert.type === 'warning' ? IconAlertTriangle : IconInfoCircle;
        return (
          <li key={alert.key}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Icon
                size={16}
                aria-hidden
                color={iconColor(alert.type)}
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="sm">{alert.content}</Text>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The deal's flag values that say something, each named by its flag ('Payment: Deposit Paid');
 * None and Unknown are left out, on the card and in the deal's details alike.
 */
export function FlagBadges({ deal }: { deal: Deal }) {
  const flagNames = useQuery({
    ...workflowsQueryOptions,
    select: (workflows) =>
      new Map(
        (workflows.find((w) => w.id === deal.workflowId)?.flags ?? []).map((f) => [f.id, f.name] as const),
      ),
  }).data;
  const values = deal.context.flagValues.filter((f) => f.showOnCard);
  if (!values.length) return null;
  return (
    <Group gap={4}>
      {values.map((f) => {
        const name = flagNames?.get(f.workflowFlagId);
        return (
          <Badge
            key={f.workflowFlagId}
            size="xs"
            tt="none"
            // the dot variant keeps dark text (4.5:1); the dot carries the flag's colour
            variant="dot"
            color={appearanceColor(f.appearance)}
          >
            {name ? `${name}: ${f.label}` : f.label}
          </Badge>
        );
      })}
    </Group>
  );
}

/** §2/§4: any status of the workflow; disabled for archived deals. */
export function StatusPicker({
  deal,
  workflow,
  label,
  hideLabel = false,
}: {
  deal: Deal;
  workflow: Workflow;
  label?: string;
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  const setStatus = useSetDealStatus();
  const text = label ?? t('deals.status');
  return (
    <Select
      label={hideLabel ? undefined : text}
      aria-label={hideLabel ? text : undefined}
      size="xs"
      allowDeselect={false}
      disabled={deal.isArchived || setStatus.isPending}
      value={String(deal.statusId)}
      data={workflow.statuses.map((s) => ({ value: String(s.id), label: s.name }))}
      onChange={(value) => {
        if (value && Number(value) !== deal.statusId) setStatus.mutate({ deal, statusId: Number(value) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function FlagPicker({
  deal,
  flag,
  hideLabel = false,
  label,
}: {
  deal: Deal;
  flag: Workflow['flags'][number];
  hideLabel?: boolean;
  label?: string;
}) {
  const setFlag = useSetDealFlag();
  const current = deal.context.flagValues.find((f) => f.workflowFlagId === flag.id);
  const text = label ?? flag.name;
  return (
    <Select
      label={hideLabel ? undefined : text}
      aria-label={hideLabel ? text : undefined}
      size="xs"
      allowDeselect={false}
      disabled={deal.isArchived || setFlag.isPending}
      value={current ? String(current.workflowFlagValueId) : null}
      data={flag.values.map((v) => ({ value: String(v.id), label: v.label }))}
      onChange={(value) => {
        if (value) setFlag.mutate({ deal, flagId: flag.id, valueId: Number(value) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
