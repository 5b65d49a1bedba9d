import { ActionIcon, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { presetFilterSchema, type Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../components/icons';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { presetsQueryOptions, useSavePresets } from '../api/records';
import { presetSummary } from './board-filters';

const PLAIN_LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;

type Row = { key: number; name: string; params: string; error?: string | undefined };
let rowKey = 0;

/** Names are required and trimmed; presets are saved with the web settings call. */
function validatePresets(rows: { name: string; params: string }[]) {
  return rows.map((row) => {
    const parsed = presetFilterSchema.safeParse(row);
    return parsed.success
      ? {
          preset: { name: parsed.data.name, params: parsed.data.params.replace(/^\?/, '') },
          error: undefined,
        }
      : { preset: null, error: parsed.error.issues[0]?.message ?? 'Name is required' };
  });
}

export function PresetsModal({
  opened,
  onClose,
  workflow,
  currentParams,
}: {
  opened: boolean;
  onClose: () => void;
  workflow: Workflow;
  currentParams: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('deals.presets.title')}
      closeButtonProps={{ 'aria-label': t('deals.close') }}
      size="lg"
    >
      {opened && <PresetsEditor workflow={workflow} currentParams={currentParams} onDone={onClose} />}
    </Modal>
  );
}

/**
 * Presets in the board's words: each a name and what it filters ('Status: Signed, Ordered ·
 * Payment: None'); a new one takes the board's current filters. The query string it stores shows
 * only in the advanced view, for a hand edit.
 */
function PresetsEditor({
  workflow,
  currentParams,
  onDone,
}: {
  workflow: Workflow;
  currentParams: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const settings = useQuery(presetsQueryOptions);
  const save = useSavePresets();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const current: Row[] =
    rows ??
    (settings.data?.workflows.find((w) => w.workflowId === workflow.id)?.presetFilters ?? []).map((p) => ({
      key: rowKey++,
      ...p,
    }));
  const edit = (key: number, patch: Partial<Row>) =>
    setRows(current.map((r) => (r.key === key ? { ...r, ...patch, error: undefined } : r)));
  const addCurrent = () => {
    const key = rowKey++;
    setRows([...current, { key, name: '', params: currentParams }]);
    setFocusKey(key);
  };
  const submit = () => {
    const checked = validatePresets(current);
    const firstError = checked.find((c) => c.error)?.error;
    if (firstError) {
      setRows(current.map((r, i) => ({ ...r, error: checked[i]?.error })));
      notifyError(translateMessage(firstError), t('form.reviewAll'));
      return;
    }
    const presetFilters = checked.flatMap((c) => (c.preset ? [c.preset] : []));
    const others = (settings.data?.workflows ?? []).filter((w) => w.workflowId !== workflow.id);
    save.mutate(
      { workflows: [...others, { workflowId: workflow.id, presetFilters }] },
      {
        onSuccess: () => {
          notifySuccess(t('deals.presets.saved'), '');
          onDone();
        },
        onError: (error) => notifyError(t('errors.genericTitle'), translateMessage(error.message)),
      },
    );
  };
  if (!settings.data) return <Text size="sm">{t('app.loading')}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Button variant="default" size="xs" onClick={addCurrent}>
          {t('deals.presets.addCurrent')}
        </Button>
        <Switch
          size="xs"
          label={t('deals.presets.advanced')}
          checked={advanced}
          onChange={(e) => setAdvanced(e.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('deals.presets.currentFilters', { filters: presetSummary(currentParams, workflow, t) })}
      </Text>
      {current.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('deals.presets.none')}
        </Text>
      )}
      <Stack component="ul" gap="sm" style={PLAIN_LIST} aria-label={t('deals.presets.list')}>
        {current.map((row, index) => (
          <Group component="li" key={row.key} align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label={t('deals.presets.name')}
                description={presetSummary(row.params, workflow, t)}
                value={row.name}
                onChange={(e) => edit(row.key, { name: e.currentTarget.value })}
                error={row.error ? translateMessage(row.error) : undefined}
                required
                maxLength={100}
                data-testid={`preset-name-${index}`}
                ref={(input) => {
                  if (input && row.key === focusKey) {
                    input.focus();
                    setFocusKey(null);
                  }
                }}
              />
              {advanced && (
                <TextInput
                  label={t('deals.presets.params')}
                  value={row.params}
                  onChange={(e) => edit(row.key, { params: e.currentTarget.value })}
                  maxLength={2000}
                  size="xs"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}
            </Stack>
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={t('deals.presets.remove', { name: row.name })}
              onClick={() => setRows(current.filter((r) => r.key !== row.key))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('deals.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('deals.save')}
        </Button>
      </Group>
    </Stack>
  );
}
