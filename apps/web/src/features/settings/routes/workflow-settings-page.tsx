import '../strings';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { Workflow } from '@slat/contracts';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  useExportWorkflowSchema,
  useImportWorkflowSchema,
  useUpdateWorkflow,
  workflowsQueryOptions,
} from '../../workflows';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage } from '../components/settings-page';

/** What went wrong with an import, one line per field the server named. */
function importProblems(error: unknown): { title: string; lines: string[] } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return {
      title: translateMessage(error.message),
      lines: error.fields.map((f) =>
        f.path ? `${f.path}: ${translateMessage(f.message)}` : translateMessage(f.message),
      ),
    };
  }
  return { title: '', lines: [] };
}

export function WorkflowSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(workflowsQueryOptions);
  const importSchema = useImportWorkflowSchema();
  const [editing, setEditing] = useState<Workflow | null>(null);
  const problems = importSchema.isError ? importProblems(importSchema.error) : null;
  return (
    <SettingsPage
      section="workflows"
      intro={t('settings.workflows.intro')}
      actions={
        <FileButton
          accept="application/json,.json"
          onChange={(file) => {
            if (!file) return;
            importSchema.mutate(file, {
              onSuccess: (workflow) =>
                notifySuccess(
                  t('settings.workflows.imported'),
                  t('settings.workflows.importedMessage', { name: workflow.name }),
                ),
            });
          }}
        >
          {(props) => (
            <Button {...props} variant="default" loading={importSchema.isPending}>
              {t('settings.workflows.import')}
            </Button>
          )}
        </FileButton>
      }
    >
      {problems && (
        <StatusAlert
          kind="error"
          title={t('settings.workflows.importFailed')}
          withCloseButton
          closeButtonLabel={t('errors.close')}
          onClose={() => importSchema.reset()}
        >
          {problems.title || t('errors.serverIssues')}
          {problems.lines.length > 0 && (
            <List size="sm" mt={4}>
              {problems.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </StatusAlert>
      )}
      <QueryView query={query}>
        {(workflows) =>
          workflows.length === 0 ? (
            <Text>{t('settings.workflows.empty')}</Text>
          ) : (
            <WorkflowTable workflows={workflows} onEdit={setEditing} />
          )
        }
      </QueryView>
      <Modal
        closeButtonProps={{ 'aria-label': t('errors.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('settings.workflows.editTitle')}
      >
        {editing && <WorkflowForm workflow={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </SettingsPage>
  );
}

function WorkflowTable({ workflows, onEdit }: { workflows: Workflow[]; onEdit: (w: Workflow) => void }) {
  const { t } = useTranslation();
  const exportSchema = useExportWorkflowSchema();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t('pages.settingsWorkflows')} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.workflows.name')}</Table.Th>
            <Table.Th>{t('settings.workflows.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('settings.workflows.statuses')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('settings.workflows.flags')}</Table.Th>
            <Table.Th>
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                {t('settings.workflows.actions')}
              </span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>
                <Text fw={600}>{w.name}</Text>
                {!w.isEditable && (
                  <Text size="xs" c="dimmed">
                    {t('settings.workflows.readOnly')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="outline" color={w.isActive ? 'slat.8' : 'gray.8'}>
                  {w.isActive ? t('settings.workflows.active') : t('settings.workflows.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="sm">{w.statuses.length}</Table.Td>
              <Table.Td visibleFrom="sm">{w.flags.length}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {w.isEditable && (
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('settings.workflows.edit', { name: w.name })}
                      onClick={() => onEdit(w)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  )}
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('settings.workflows.export', { name: w.name })}
                    loading={exportSchema.isPending && exportSchema.variables?.id === w.id}
                    onClick={() =>
                      exportSchema.mutate(w, {
                        onSuccess: () => notifySuccess(t('settings.workflows.exported'), w.name),
                      })
                    }
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WorkflowForm({ workflow, onDone }: { workflow: Workflow; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWorkflow();
  const [name, setName] = useState(workflow.name);
  const [isActive, setIsActive] = useState(workflow.isActive);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('settings.workflows.nameRequired'));
      return;
    }
    update.mutate(
      { id: workflow.id, name: name.trim(), isActive },
      {
        onSuccess: () => {
          notifySuccess(t('settings.saved'), name.trim());
          onDone();
        },
        onError: (e) => {
          if (e instanceof ApiError) {
            const message = e.fields.find((f) => f.path === 'name')?.message;
            if (message) setError(translateMessage(message));
          }
          showSaveError(e);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('settings.workflows.editTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('settings.workflows.nameLabel')}
          required
          maxLength={100}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Switch
          label={t('settings.workflows.activeLabel')}
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
