import { Badge, Button, FileButton, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ContactImportSummary } from '@slat/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUpload } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useImportContacts, usePreviewContactImport } from '../api/import-contacts';

type ImportRow = ContactImportSummary['rows'][number];

const actionColor = { create: 'teal.9', merge: 'blue.9', skip: 'red.9' } as const;

/** Rows that will be written: created or merged (rows with errors are skipped). */
const importableCount = (summary: ContactImportSummary): number => summary.created + summary.merged;

const HINT_ID = 'contacts-import-hint';

/** What the importer expects, shown before a file is picked (the Import button points to it). */
export function ImportHint() {
  const { t } = useTranslation();
  return (
    <Text id={HINT_ID} size="sm" c="dimmed" mt={-8}>
      {t('contacts.importHint')}
    </Text>
  );
}

/**
 * Import: pick a file, see what it would do row by row (nothing written), then confirm. Closing
 * the preview empties the file input, so the same file can be picked again.
 */
export function ImportContactsButton() {
  const { t } = useTranslation();
  const preview = usePreviewContactImport();
  const apply = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const resetInput = useRef<() => void>(null);

  const failed = (error: unknown) => {
    if (isSessionError(error)) return;
    if (error instanceof ApiError && error.status < 500) {
      notifyError(t('contacts.importFailed'), translateMessage(error.fields[0]?.message ?? error.message));
      return;
    }
    reportError(error);
    notifyError(t('errors.genericTitle'), t('errors.serverIssues'));
  };

  const close = () => {
    setFile(null);
    preview.reset();
    resetInput.current?.();
  };

  return (
    <>
      <FileButton
        accept=".csv,.vcf,text/csv,text/vcard"
        resetRef={resetInput}
        onChange={(picked) => {
          if (!picked) return;
          setFile(picked);
          preview.mutate(picked, {
            onError: (error) => {
              close();
              failed(error);
            },
          });
        }}
      >
        {(props) => (
          <Button
            {...props}
            aria-describedby={HINT_ID}
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={preview.isPending}
          >
            {t('contacts.import')}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={file !== null && preview.data !== undefined}
        onClose={close}
        size="xl"
        title={t('contacts.importTitle')}
        closeButtonProps={{ 'aria-label': t('lists.close') }}
      >
        {preview.data && file && (
          <ImportPreview
            summary={preview.data}
            importing={apply.isPending}
            onCancel={close}
            onConfirm={() =>
              apply.mutate(file, {
                onSuccess: (done) => {
                  notifySuccess(t('contacts.importDone'), t('contacts.importDoneMessage', done));
                  close();
                },
                onError: failed,
              })
            }
          />
        )}
      </Modal>
    </>
  );
}

function ImportPreview({
  summary,
  importing,
  onCancel,
  onConfirm,
}: {
  summary: ContactImportSummary;
  importing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const withErrors = summary.rows.filter((row) => row.errors.length > 0);
  const count = importableCount(summary);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('contacts.importIntro')}</Text>
      <Text fw={600} role="status">
        {t('contacts.importSummary', {
          create: summary.created,
          merge: summary.merged,
          skip: summary.skipped,
        })}
      </Text>
      {withErrors.length > 0 && (
        <StatusAlert kind="warning" title={t('contacts.importRowsWithErrors', { count: withErrors.length })}>
          <List size="sm" spacing={2}>
            {withErrors.map((row) => (
              <List.Item key={row.line}>
                {t('contacts.line')} {row.line}: {row.errors.map(translateMessage).join('; ')}
              </List.Item>
            ))}
          </List>
        </StatusAlert>
      )}
      {/* the rows scroll (sideways on a phone): the keyboard reaches them too */}
      <ScrollArea.Autosize
        mah="45vh"
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('contacts.importRows') }}
      >
        <Table aria-label={t('contacts.importTitle')} striped stickyHeader miw={560} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.line')}</Table.Th>
              <Table.Th>{t('contacts.name')}</Table.Th>
              <Table.Th>{t('contacts.email')}</Table.Th>
              <Table.Th>{t('contacts.phone')}</Table.Th>
              <Table.Th>{t('contacts.action')}</Table.Th>
              <Table.Th>{t('contacts.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.rows.map((row: ImportRow) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={actionColor[row.action]}>
                    {t(`contacts.actions.${row.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td c={row.errors.length ? 'red.9' : undefined}>
                  {row.errors.map(translateMessage).join('; ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {count === 0 && <Text>{t('contacts.importNothing')}</Text>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={importing}>
          {t('contacts.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={importing} disabled={count === 0}>
          {t('contacts.importConfirm', { count })}
        </Button>
      </Group>
    </Stack>
  );
}
