import { ActionIcon, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconX } from '../../../components/icons';
import { type FileProblem, formatFileSize } from './upload-rules';

/** A file chosen in an upload window (§5 uploads): its name to store, its checks and its progress. */
export type PendingUpload = {
  key: string;
  file: File;
  name: string;
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  problem: FileProblem | null;
  error?: string;
};

/** Ready to go: not started, nothing wrong with the file, a name given. */
export const uploadable = (f: PendingUpload) => f.state === 'ready' && !f.problem && f.name.trim() !== '';

/**
 * One chosen file in an upload window: the name it is stored under (editable until it starts),
 * what is wrong with it, a remove button, then its progress and 'done'. The deal's and the
 * quote's upload windows show their files with it.
 */
export function PendingUploadRow({
  upload: f,
  onRename,
  onRemove,
}: {
  upload: PendingUpload;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const problemText = (p: FileProblem) =>
    p.kind === 'type'
      ? t('deals.attachments.badType', { allowed: p.allowed })
      : p.kind === 'size'
        ? t('deals.attachments.tooLarge')
        : t('deals.attachments.emptyFile');
  return (
    <Stack gap={4} data-testid="upload-file">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('deals.attachments.name')}
          description={`${f.file.name} · ${formatFileSize(f.file.size)}`}
          value={f.name}
          disabled={f.state !== 'ready'}
          onChange={(e) => onRename(e.currentTarget.value)}
          error={
            f.problem
              ? problemText(f.problem)
              : !f.name.trim()
                ? t('deals.attachments.nameRequired')
                : f.state === 'failed'
                  ? f.error
                  : undefined
          }
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          mb={4}
          disabled={f.state === 'uploading'}
          aria-label={t('deals.attachments.remove', { name: f.file.name })}
          onClick={onRemove}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {(f.state === 'uploading' || f.state === 'done') && (
        <Progress
          value={Math.round(f.progress * 100)}
          aria-label={t('deals.attachments.progress', { name: f.file.name })}
          color={f.state === 'done' ? 'teal' : 'slat'}
          animated={f.state === 'uploading'}
        />
      )}
      {f.state === 'done' && (
        <Text size="xs" c="teal.9">
          {t('deals.attachments.done')}
        </Text>
      )}
    </Stack>
  );
}
