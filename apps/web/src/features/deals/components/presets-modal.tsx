import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { presetFilterSchema } from '@slat/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { presetsQueryOptions, useSavePresets } from '../api/records';

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
  workflowId,
  currentParams,
}: {
  opened: boolean;
  onClose: () => void;
  workflowId: number;
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
      {opened && <PresetsEditor workflowId={workflowId} currentParams={currentParams} onDone={onClose} />}
    </Modal>
  );
}

function PresetsEditor({
  workflowId,
  currentParams,
  onDone,
}: {
  workflowId: number;
  currentParams: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const settings = useQuery(presetsQueryOptions);
  const save = useSavePresets();
  const [rows, setRows] = useState<Row[] | null>(null);
  const current: Row[] =
    rows ??
    (settings.data?.workflows.find((w) => w.workflowId === workflowId)?.presetFilters ?? []).map((p) => ({
      key: rowKey++,
      ...p,
    }));
  const edit = (key: number, patch: Partial<Row>) =>
    setRows(current.map((r) => (r.key === key ? { ...r, ...patch, error: undefined } : r)));
  const submit = () => {
    const checked = validatePresets(current);
    if (checked.some((c) => c.error)) {
      setRows(current.map((r, i) => ({ ...r, error: checked[i]?.error })));
      return;
    }
    const presetFilters = checked.map((c) => c.preset!);
    const others = (settings.data?.workflows ?? []).filter((w) => w.workflowId !== workflowId);
    save.mutate(
      { workflows: [...others, { workflowId, presetFilters }] },
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
      {current.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('deals.presets.none')}
        </Text>
      )}
      {current.map((row, index) => (
        <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('deals.presets.name')}
            value={row.name}
            onChange={(e) => edit(row.key, { name: e.currentTarget.value })}
            error={row.error ? translateMessage(row.error) : undefined}
            required
            maxLength={100}
            style={{ flex: 1 }}
            data-testid={`preset-name-${index}`}
          />
          <TextInput
            label={t('deals.presets.params')}
            value={row.params}
            onChange={(e) => edit(row.key, { params: e.currentTarget.value })}
            maxLength={2000}
            style={{ flex: 2 }}
          />
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
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => setRows([...current, { key: rowKey++, name: '', params: currentParams }])}
        >
          {t('deals.presets.addCurrent')}
        </Button>
      </Group>
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
