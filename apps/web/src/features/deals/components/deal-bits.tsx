import { Badge, Group, NativeSelect, Select, Text, VisuallyHidden } from '@mantine/core';
import type { Deal, Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconInfoCircle } from '../../../components/icons';
import { useBreakpoint } from '../../../lib/use-breakpoint';
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

/**
 * The deal's alerts (§4), warnings first: an icon and the text, always shown (a phone has no
 * hover); `compact` is the card's and the table row's smaller size. The icon's meaning is read out.
 */
export function DealAlerts({ deal, compact = false }: { deal: Deal; compact?: boolean }) {
  const { t } = useTranslation();
  const alerts = [...deal.context.alerts].sort((a, b) => b.weight - a.weight);
  if (!alerts.length) return null;
  return (
    <ul
      aria-label={t('deals.alerts')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: compact ? 2 : 4 }}
    >
      {alerts.map((alert) => {
        const Icon = alert.type === 'warning' ? IconAlertTriangle : IconInfoCircle;
        return (
          <li key={alert.key} data-alert={alert.type}>
            <Group gap={compact ? 4 : 6} wrap="nowrap" align="flex-start">
              <Icon
                size={compact ? 14 : 16}
                aria-hidden
                color={iconColor(alert.type)}
                style={{ flexShrink: 0, marginTop: compact ? 1 : 2 }}
              />
              <Text size={compact ? 'xs' : 'sm'} lh={1.35}>
                <VisuallyHidden>
                  {alert.type === 'warning' ? t('deals.alertWarning') : t('deals.alertInfo')}:{' '}
                </VisuallyHidden>
                {alert.content}
              </Text>
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

/** The pickers' shared props: a visible label, or an accessible name alone (a table cell). */
type PickerProps = {
  label?: string | undefined;
  hideLabel?: boolean | undefined;
  /** The accessible name when it says more than the visible label ('Status #12'). */
  ariaLabel?: string | undefined;
  /** Wide enough for the longest choice, so none is cut off ('Measure Booked'). */
  fitTo?: readonly string[] | undefined;
};

let measure: CanvasRenderingContext2D | null | undefined;
/** A fitted picker's chevron: narrower than Mantine's 30 px, so a table row holds more. */
const FITTED_CHEVRON = 24;
/** Left padding 10, the chevron, borders 2, room 2. */
const FITTED_ROOM = 10 + FITTED_CHEVRON + 2 + 2;
const widths = new Map<string, number | string>();

/**
 * A width that shows the longest label whole: the text as the app's font draws it at the pickers'
 * 12 px, plus the padding, the (narrowed) chevron, the border and a little room. Where nothing can
 * measure text (jsdom), an estimate in `ch`.
 */
function pickerWidth(labels: readonly string[]): number | string {
  const key = labels.join('\n');
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (measure === undefined)
    measure =
      // nothing measures on the server (or in jsdom): the estimate, which the browser then corrects
      typeof document === 'undefined' || /jsdom/.test(navigator.userAgent)
        ? null
        : document.createElement('canvas').getContext('2d');
  let width: number | string = `calc(${Math.max(4, ...labels.map((l) => l.length))}ch + 44px)`;
  if (measure) {
    measure.font = `12px ${getComputedStyle(document.body).fontFamily}`;
    width = Math.ceil(Math.max(0, ...labels.map((l) => measure!.measureText(l).width))) + FITTED_ROOM;
  }
  widths.set(key, width);
  return width;
}

function pickerProps({ label, hideLabel = false, ariaLabel, fitTo }: PickerProps, fallback: string) {
  const text = label ?? fallback;
  return {
    label: hideLabel ? undefined : text,
    'aria-label': ariaLabel ?? (hideLabel ? text : undefined),
    size: 'xs',
    allowDeselect: false,
    w: fitTo ? pickerWidth(fitTo) : undefined,
    rightSectionWidth: fitTo ? FITTED_CHEVRON : undefined,
    // the list is as wide as its longest choice, whatever the width of the field
    comboboxProps: { withinPortal: true, width: 'max-content', position: 'bottom-start' },
  } as const;
}

type Choice = { value: string; label: string };

/**
 * A deal's picker. On a phone, the phone's own list (a native select: its wheel or sheet, big
 * enough for a thumb, and no popover to build with the page); elsewhere Mantine's, as wide as its
 * longest choice.
 */
function Picker({
  fallback,
  choices,
  value,
  disabled,
  onPick,
  ...props
}: PickerProps & {
  fallback: string;
  choices: Choice[];
  value: string | null;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  const phone = useBreakpoint() === 'verySmall';
  const common = pickerProps(props, fallback);
  if (phone)
    return (
      <NativeSelect
        label={common.label}
        aria-label={common['aria-label']}
        size={common.size}
        w={common.w}
        disabled={disabled}
        value={value ?? ''}
        // no value yet: an empty first choice, as the desktop's empty field
        data={value === null ? [{ value: '', label: '', disabled: true }, ...choices] : choices}
        onChange={(event) => {
          if (event.currentTarget.value) onPick(event.currentTarget.value);
        }}
      />
    );
  return (
    <Select
      {...common}
      disabled={disabled}
      value={value}
      data={choices}
      onChange={(picked) => {
        if (picked) onPick(picked);
      }}
    />
  );
}

/** §2/§4: any status of the workflow; disabled for archived deals. */
export function StatusPicker({ deal, workflow, ...props }: PickerProps & { deal: Deal; workflow: Workflow }) {
  const { t } = useTranslation();
  const setStatus = useSetDealStatus();
  return (
    <Picker
      {...props}
      fallback={t('deals.status')}
      disabled={deal.isArchived || setStatus.isPending}
      value={String(deal.statusId)}
      choices={workflow.statuses.map((s) => ({ value: String(s.id), label: s.name }))}
      onPick={(value) => {
        if (Number(value) !== deal.statusId) setStatus.mutate({ deal, statusId: Number(value) });
      }}
    />
  );
}

export function FlagPicker({
  deal,
  flag,
  ...props
}: PickerProps & { deal: Deal; flag: Workflow['flags'][number] }) {
  const setFlag = useSetDealFlag();
  const current = deal.context.flagValues.find((f) => f.workflowFlagId === flag.id);
  return (
    <Picker
      {...props}
      fallback={flag.name}
      disabled={deal.isArchived || setFlag.isPending}
      value={current ? String(current.workflowFlagValueId) : null}
      choices={flag.values.map((v) => ({ value: String(v.id), label: v.label }))}
      onPick={(value) => setFlag.mutate({ deal, flagId: flag.id, valueId: Number(value) })}
    />
  );
}
