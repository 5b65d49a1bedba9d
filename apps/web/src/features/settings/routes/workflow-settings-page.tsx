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
} from '@mantine/core';
import { updateWorkflow, type Workflow, type WorkflowSchemaDocument } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/form/choice-fields';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { IconDownload, IconPencil } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  readWorkflowFile,
  useExportWorkflowSchema,
  useImportWorkflowSchema,
  useUpdateWorkflow,
  workflowsQueryOptions,
} from '../../workflows';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage } from '../components/settings-page';

/**
 * What went wrong with an import, said once: one line per field the server named (its message
 * is the first of them), else its message.
 */
function importProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return [];
  const lines = error.fields.map((f) =>
    f.path ? `${f.path}: ${translateMessage(f.message)}` : translateMessage(f.message),
  );
  return lines.length ? [...new Set(lines)] : [translateMessage(error.message)];
}

/** The problems of a file or an import, under one title. */
function ImportProblems({ lines, onClose }: { lines: string[]; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusAlert
      kind="error"
      title={t('settings.workflows.importFailed')}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('errors.close')}
      onClose={onClose}
    >
      {lines.length === 0 ? (
        t('errors.serverIssues')
      ) : lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </StatusAlert>
  );
}

type Preview = { file: File; document: WorkflowSchemaDocument };

export function WorkflowSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(workflowsQueryOptions);
  const [editing, setEditing] = useState<Workflow | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileProblems, setFileProblems] = useState<string[] | null>(null);
  const resetFile = useRef<() => void>(null);
  // the file is read and checked here, so nothing is created before the dealer has seen it
  const choose = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const result = readWorkflowFile(await file.text());
    if ('problems' in result) {
      setPreview(null);
      setFileProblems(result.problems.map(translateMessage));
    } else {
      setFileProblems(null);
      setPreview({ file, document: result.document });
    }
  };
  return (
    <SettingsPage
      section="workflows"
      intro={t('settings.workflows.intro')}
      actions={
        <FileButton
          accept="application/json,.json"
          resetRef={resetFile}
          onChange={(file) => void choose(file)}
        >
          {(props) => (
            <Button {...props} variant="default">
              {t('settings.workflows.import')}
            </Button>
          )}
        </FileButton>
      }
    >
      {fileProblems && <ImportProblems lines={fileProblems} onClose={() => setFileProblems(null)} />}
      <QueryView query={query}>
        {(workflows) =>
          workflows.length === 0 ? (
            <Text>{t('settings.workflows.empty')}</Text>
          ) : (
            <WorkflowTable workflows={workflows} onEdit={setEditing} />
          )
        }
      </QueryView>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('settings.workflows.editTitle')}
        size="md"
        fullScreenOnPhone={false}
      >
        {editing && <WorkflowForm workflow={editing} />}
      </FormModal>
      <Modal
        closeButtonProps={{ 'aria-label': t('errors.close') }}
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview ? t('settings.workflows.previewTitle', { name: preview.document.name }) : ''}
        size="lg"
      >
        {preview && <ImportPreview preview={preview} onDone={() => setPreview(null)} />}
      </Modal>
    </SettingsPage>
  );
}

/** What the file holds (statuses with their phases, flags with their values), then the import. */
function ImportPreview({ preview, onDone }: { preview: Preview; onDone: () => void }) {
  const { t } = useTranslation();
  const importSchema = useImportWorkflowSchema();
  const [active, setActive] = useState(true);
  const { document } = preview;
  const submit = () =>
    importSchema.mutate(
      { file: preview.file, active },
      {
        onSuccess: (workflow) => {
          notifySuccess(
            t('settings.workflows.imported'),
            t('settings.workflows.importedMessage', { name: workflow.name }),
          );
          onDone();
        },
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm">{t('settings.workflows.previewIntro', { file: preview.file.name })}</Text>
      <Table aria-label={t('settings.workflows.statuses')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.workflows.status')}</Table.Th>
            <Table.Th>{t('settings.workflows.phase')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {document.statuses.map((s) => (
            <Table.Tr key={s.slug}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{t(`settings.workflows.phases.${s.phase}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('settings.workflows.flags')}
        </Text>
        {document.flags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('settings.workflows.noFlags')}
          </Text>
        ) : (
          <List size="sm" aria-label={t('settings.workflows.flags')}>
            {document.flags.map((f) => (
              <List.Item key={f.slug}>
                {f.name}: {f.values.map((v) => v.label).join(', ')}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Switch
        label={t('settings.workflows.activeLabel')}
        checked={active}
        onChange={(event) => setActive(event.currentTarget.checked)}
      />
      {importSchema.isError && <ImportProblems lines={importProblems(importSchema.error)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('settings.cancel')}
        </Button>
        <Button onClick={submit} loading={importSchema.isPending}>
          {t('settings.workflows.importConfirm')}
        </Button>
      </Group>
    </Stack>
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

function WorkflowForm({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const update = useUpdateWorkflow();
  const form = useAppForm(updateWorkflow.body, { name: workflow.name, isActive: workflow.isActive });
  return (
    <AppForm
      form={form}
      aria-label={t('settings.workflows.editTitle')}
      onSubmit={async (values) => {
        try {
          await update.mutateAsync({ id: workflow.id, ...values });
          notifySuccess(t('settings.saved'), values.name);
          modal.close();
        } catch (error) {
          showSaveError(error, form);
        }
      }}
    >
      <Stack gap="md">
        <TextField
          name="name"
          label={t('settings.workflows.nameLabel')}
          required
          maxLength={100}
          data-autofocus
        />
        <SwitchField name="isActive" label={t('settings.workflows.activeLabel')} />
        <FormButtons submitLabel={t('settings.save')} />
      </Stack>
    </AppForm>
  );
}
