import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { isUpdateAvailable, versionQueryOptions } from '../../../lib/version-check';

/** 'Update Available' when /health.json reports another commit; Later hides it until the next one. */
export function UpdateAvailableDialog() {
  const { t } = useTranslation();
  const deployed = useQuery(versionQueryOptions).data?.GIT_COMMIT;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const opened = isUpdateAvailable(deployed) && dismissed !== deployed;
  const everOpened = useOpenedOnce(opened);
  if (!everOpened) return null;
  return (
    <Modal
      opened={opened}
      onClose={() => setDismissed(deployed ?? null)}
      title={t('shell.updateTitle')}
      centered
    >
      <Text>{t('shell.updateMessage')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setDismissed(deployed ?? null)}>
          {t('shell.later')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('shell.updateNow')}</Button>
      </Group>
    </Modal>
  );
}
