import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { DocumentRecord } from '@slat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form/form-modal';
import { ReportUnsavedChanges } from '../../../components/form/unsaved-changes';
import { IconArchive, IconDownload, IconPencil } from '../../../components/icons';
import { ApiError } from '../../../lib/api/errors';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyWarning } from '../../../lib/notify';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { documentsQueryOptions, uploadDealDocument, useArchiveDocument } from '../api/records';
import { EditDocumentModal } from './edit-document-modal';
import { type PendingUpload, PendingUploadRow, uploadable } from './pending-upload';
import { Section } from './section';
import { addFiles, allowedExtensions, checkFile, defaultDocumentName, formatFileSize } from './upload-rules';

export function AttachmentsSection({ dealId, readOnly }: { dealId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const docs = useQuery(documentsQueryOptions(dealId, showArchived));
  const [uploading, setUploading] = useState(false);
  const [detail, setDetail] = useState<DocumentRecord | null>(null);
  const detailShown = useOpenedOnce(detail !== null);
  const [editing, setEditing] = useState<DocumentRecord | null>(null);
  const queryClient = useQueryClient();
  const archive = useArchiveDocument(dealId);
  // decision 012: no call brings an attachment back, so archiving asks first
  const confirmArchive = (doc: DocumentRecord) =>
    confirmDestructive({
      title: t('deals.attachments.archiveTitle'),
      message: t('deals.attachments.archiveMessage', { name: doc.name }),
      confirmLabel: t('deals.attachments.archive'),
      action: () => archive.mutateAsync(doc.id),
    });
  const list = docs.data?.data ?? [];
  return (
    <Section
      title={t('deals.modal.attachments')}
      actions={
        <>
          <Switch
            size="xs"
            label={t('deals.attachments.showArchived')}
            checked={showArchived}
            onChange={(e) => setShowArchived(e.currentTarget.checked)}
          />
          <Button size="xs" variant="light" disabled={readOnly} onClick={() => setUploading(true)}>
            {t('deals.attachments.upload')}
          </Button>
        </>
      }
    >
      {docs.data && list.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('deals.attachments.none')}
        </Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4} aria-label={t('deals.modal.attachments')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deals.attachments.name')}</Table.Th>
                <Table.Th>{t('deals.attachments.size')}</Table.Th>
                <Table.Th>{t('deals.attachments.uploaded')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('deals.more')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((doc) => (
                <Table.Tr key={doc.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => setDetail(doc)}>
                      {doc.name}
                    </Anchor>
                    {doc.archived && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {t('deals.archived')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{formatFileSize(doc.size)}</Text>
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
                      {!doc.archived && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={readOnly}
                          loading={archive.isPending && archive.variables === doc.id}
                          aria-label={`${t('deals.attachments.archive')} ${doc.name}`}
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
      )}
      <UploadModal dealId={dealId} opened={uploading} onClose={() => setUploading(false)} />
      {detailShown && (
        <Modal
          opened={detail !== null}
          onClose={() => setDetail(null)}
          title={t('deals.attachments.details')}
          closeButtonProps={{ 'aria-label': t('deals.close') }}
          zIndex={300}
        >
          {detail && (
            <Stack gap="xs">
              <AttachmentPreview doc={detail} />
              <Text fw={600}>{detail.name}</Text>
              <Text size="sm">
                {t('deals.attachments.filename')}: {detail.filename}
              </Text>
              <Text size="sm">
                {t('deals.attachments.type')}: {detail.extension.toUpperCase()} ({detail.mime_type})
              </Text>
              <Text size="sm">
                {t('deals.attachments.size')}: {formatFileSize(detail.size)}
              </Text>
              <Text size="sm">
                {t('deals.attachments.uploaded')}: {formatDateTime(new Date(detail.created_at))}
              </Text>
              {detail.type !== 'attachment' && (
                <Text size="sm">
                  {t('deals.attachments.category')}: {detail.type}
                </Text>
              )}
              <Group justify="flex-end" mt="sm">
                {!detail.archived && (
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    disabled={readOnly}
                    onClick={() => setEditing(detail)}
                  >
                    {t('deals.attachments.edit')}
                  </Button>
                )}
                {!detail.archived && (
                  <Button
                    variant="default"
                    color="red"
                    disabled={readOnly}
                    onClick={firstClickOnly(
                      () => void confirmArchive(detail).then((done) => done && setDetail(null)),
                    )}
                  >
                    {t('deals.attachments.archive')}
                  </Button>
                )}
                <Button component="a" href={detail.url} leftSection={<IconDownload size={16} aria-hidden />}>
                  {t('deals.attachments.download')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
      )}
      <EditDocumentModal
        doc={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setDetail((shown) => (shown?.id === saved.id ? saved : shown));
          void queryClient.invalidateQueries({ queryKey: ['deals', dealId, 'documents'] });
        }}
      />
    </Section>
  );
}

/** An image attachment shows itself (jpg, png: the types §5 lets in as images); other files do not. */
const isPreviewable = (doc: Pick<DocumentRecord, 'mime_type'>) =>
  ['image/png', 'image/jpeg'].includes(doc.mime_type.toLowerCase());

function AttachmentPreview({ doc }: { doc: DocumentRecord }) {
  const { t } = useTranslation();
  if (!isPreviewable(doc)) return null;
  return (
    <Image
      src={doc.url}
      alt={t('deals.attachments.preview', { name: doc.name })}
      mah={360}
      fit="contain"
      radius="sm"
      bg="gray.1"
    />
  );
}

let nextKey = 0;

/** §5 uploads: the allowed types, 25 MB each, progress per file; closing mid-upload is refused. */
function UploadModal({
  dealId,
  opened,
  onClose,
  single = false,
  imageOnly = false,
}: {
  dealId: number;
  opened: boolean;
  onClose: () => void;
  single?: boolean;
  imageOnly?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<PendingUpload[]>([]);
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const allowed = allowedExtensions(imageOnly);
  const update = (key: string, patch: Partial<PendingUpload>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const close = () => {
    if (busy.current) {
      notifyWarning(t('deals.modal.attachments'), t('deals.attachments.inProgress'));
      return;
    }
    setFiles([]);
    onClose();
  };
  const start = async () => {
    busy.current = true;
    setRunning(true);
    const ready = files.filter(uploadable);
    await Promise.all(
      ready.map(async (f) => {
        update(f.key, { state: 'uploading', progress: 0 });
        try {
          await uploadDealDocument(dealId, f.file, f.name.trim(), (p) => update(f.key, { progress: p }));
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
    void queryClient.invalidateQueries({ queryKey: ['deals', dealId, 'documents'] });
  };
  const canStart = files.some(uploadable) && !running;
  const allDone = files.length > 0 && files.every((f) => f.state === 'done');
  return (
    <FormModal opened={opened} onClose={close} title={t('deals.attachments.uploadTitle')} zIndex={300}>
      <Stack gap="sm">
        {/* chosen and not uploaded: closing asks first */}
        <ReportUnsavedChanges dirty={files.some((f) => f.state === 'ready' || f.state === 'failed')} />
        <Text size="sm" c="dimmed">
          {t('deals.attachments.allowed', { allowed: allowed.join(', ') })}
        </Text>
        <FileButton
          multiple={!single}
          accept={allowed.map((e) => `.${e}`).join(',')}
          onChange={(picked) => {
            const incoming = (Array.isArray(picked) ? picked : picked ? [picked] : []).map(
              (file): PendingUpload => ({
                key: `f${nextKey++}`,
                file,
                name: defaultDocumentName(file.name),
                progress: 0,
                state: 'ready',
                problem: checkFile(file, imageOnly),
              }),
            );
            setFiles((list) => addFiles(list, incoming, single));
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
            <Button onClick={() => void start()} disabled={!canStart} loading={running}>
              {t('deals.attachments.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </FormModal>
  );
}
