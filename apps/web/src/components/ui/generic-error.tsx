// The sign-in page loads only the styles it uses; this dialog brings its own (the SPA has them).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** §8 generic dialog: 'Sorry, something went wrong' / 'The server might be offline…'. */
export function GenericErrorDialog({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const close = () => {
    setOpened(false);
    onClose?.();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('errors.genericTitle')} centered>
      <Text>{t('errors.genericMessage')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('errors.close')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Group>
    </Modal>
  );
}
