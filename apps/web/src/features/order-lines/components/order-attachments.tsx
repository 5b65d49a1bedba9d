import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DocumentRecord } from '@slat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form/form-modal';
import { ReportUnsavedChanges } from '../../../components/form/unsaved-changes';
import { IconArchive, IconDownload, IconPencil, IconUpload } from '../../../components/icons';
import { QueryView } from '../../../components/ui/query-view';
import { ApiError } from '../../../lib/api/errors';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyWarning } from '../../../lib/notify';
import {
  allowedExtensions,
  checkFile,
  defaultDocumentName,
  EditDocumentModal,
  formatFileSize,
  type PendingUpload,
  PendingUploadRow,
  uploadable,
} from '../../deals';
import '../strings';
import {
  orderDocumentKeys,
  orderDocumentsQueryOptions,
  uploadOrderDocument,
  useArchiveOrderDocument,
} from '../api/documents';

/**
 * A quote's or purchase order's attachments (the order's documents, §7 Documents): the list with download, upload,
 * and archive after a question (no call brings one back: decision 012).
 */
export function OrderAttachments({
  orderId,
  readOnly,
  readOnlyMessage,
}: {
  orderId: number;
  readOnly: boolean;
  /** The owner's words for a 409 (the order became read-only meanwhile). */
  readOnlyMessage: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const docs = useQuery(orderDocumentsQueryOptions(orderId));
  const [uploading, setUploading] = useState(false);
  const archive = useArchiveOrderDocument(orderId, readOnlyMessage);
  const [editing, setEditing] = useState<DocumentRecord | null>(null);
  const queryClient = useQueryClient();
  const confirmArchive = (doc: DocumentRecord) =>
    confirmDestructive({
      title: t('deals.attachments.archiveTitle'),
      message: t('orderLines.archiveDocumentMessage', { name: doc.name }),
      confirmLabel: t('deals.attachments.archive'),
      action: () => archive.mutateAsync(doc.id),
    });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('orderLines.attachments')}
        </Title>
        {!readOnly && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} aria-hidden />}
            onClick={() => setUploading(true)}
          >
            {t('deals.attachments.upload')}
          </Button>
        )}
      </Group>
      <QueryView query={docs} failedTitle={t('orderLines.attachmentsFailed')} skeletonRows={1}>
        {({ data }) =>
          data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orderLines.attachmentsNone')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing={4} aria-labelledby={headingId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('deals.attachments.name')}</Table.Th>
                    <Table.Th>{t('deals.attachments.uploaded')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('orderLines.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((doc) => (
                    <Table.Tr key={doc.id} data-document-id={doc.id}>
                      <Table.Td>
                        <Anchor href={doc.url} size="sm" style={{ wordBreak: 'break-word' }}>
                          {doc.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {doc.extension.toUpperCase()} · {formatFileSize(doc.size)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{formatDateTime(new Date(doc.created_at))}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            component="a"
                            href={doc.url}
                            variant="subtle"
                            color="gray"
                            aria-label={`${t('deals.attachments.download')} ${doc.name}`}
                          >
                            <IconDownload size={16} aria-hidden />
                          </ActionIcon>
                          {!readOnly && (
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('deals.attachments.editNamed', { name: doc.name })}
                              onClick={() => setEditing(doc)}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                          )}
                          {!readOnly && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              loading={archive.isPending && archive.variables === doc.id}
                              aria-label={t('orderLines.archiveDocument', { name: doc.name })}
                              onClick={firstClickOnly(() => void confirmArchive(doc))}
                            >
                              <IconArchive size={16} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      <UploadModal orderId={orderId} opened={uploading} onClose={() => setUploading(false)} />
      <EditDocumentModal
        doc={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: orderDocumentKeys.documents(orderId) })}
      />
    </Stack>
  );
}

let nextKey = 0;

/** §5 uploads (the allowed types, 25 MB each, progress per file); closing mid-upload is refused. */
function UploadModal({
  orderId,
  opened,
  onClose,
}: {
  orderId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<PendingUpload[]>([]);
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const allowed = allowedExtensions(false);
  const update = (key: string, patch: Partial<PendingUpload>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const close = () => {
    if (busy.current) {
      notifyWarning(t('deals.attachments.uploadTitle'), t('deals.attachments.inProgress'));
      return;
    }
    setFiles([]);
    onClose();
  };
  const start = async () => {
    busy.current = true;
    setRunning(true);
    await Promise.all(
      files.filter(uploadable).map(async (f) => {
        update(f.key, { state: 'uploading', progress: 0 });
        try {
          await uploadOrderDocument(orderId, f.file, f.name.trim(), (p) => update(f.key, { progress: p }));
          update(f.key, { state: 'done', progress: 1 });
        } catch (error) {
          update(f.key, {
            state: 'failed',
            error: error instanceof ApiError ? translateMessage(error.message) : t('errors.serverIssues'),
          });
        }
      }),
    );
    busy.current = false;
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: orderDocumentKeys.documents(orderId) });
  };
  const allDone = files.length > 0 && files.every((f) => f.state === 'done');
  return (
    <FormModal opened={opened} onClose={close} title={t('deals.attachments.uploadTitle')}>
      <Stack gap="sm">
        {/* chosen and not uploaded: closing asks first */}
        <ReportUnsavedChanges dirty={files.some((f) => f.state === 'ready' || f.state === 'failed')} />
        <Text size="sm" c="dimmed">
          {t('deals.attachments.allowed', { allowed: allowed.join(', ') })}
        </Text>
        <FileButton
          multiple
          accept={allowed.map((e) => `.${e}`).join(',')}
          onChange={(picked) => {
            const incoming = picked.map(
              (file): PendingUpload => ({
                key: `q${nextKey++}`,
                file,
                name: defaultDocumentName(file.name),
                progress: 0,
                state: 'ready',
                problem: checkFile(file),
              }),
            );
            setFiles((list) => [...list, ...incoming]);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" disabled={running}>
              {t('deals.attachments.choose')}
            </Button>
          )}
        </FileButton>
        {files.map((f) => (
          <PendingUploadRow
            key={f.key}
            upload={f}
            onRename={(name) => update(f.key, { name })}
            onRemove={() => setFiles((list) => list.filter((x) => x.key !== f.key))}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('deals.close')}
          </Button>
          {!allDone && (
            <Button
              onClick={() => void start()}
              disabled={!files.some(uploadable) || running}
              loading={running}
            >
              {t('deals.attachments.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </FormModal>
  );
}
