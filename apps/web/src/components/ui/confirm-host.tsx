import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmStore } from '../../lib/confirm';
import { useOpenedOnce } from '../../lib/use-opened-once';

/** Above every modal (they use 200–400) and below the toasts (1000). */
const CONFIRM_Z_INDEX = 600;

/**
 * The one dialog that asks before acting (lib/confirm.ts), mounted once in the root layout.
 * A click outside does not answer it (so the second click of a double click lands harmlessly)
 * and Cancel has the focus (so Enter destroys nothing); Escape is Cancel (lib/confirm.ts).
 */
export function ConfirmHost() {
  const { t } = useTranslation();
  const question = useSyncExternalStore(confirmStore.subscribe, confirmStore.get, confirmStore.get);
  // the last question stays on screen while the dialog fades out
  const last = useRef(question);
  if (question) last.current = question;
  const shown = question ?? last.current;
  const everAsked = useOpenedOnce(question !== null);
  if (!everAsked) return null;
  return (
    <Modal
      opened={question !== null}
      onClose={() => question?.answer(false)}
      title={shown?.title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      zIndex={CONFIRM_Z_INDEX}
      centered
    >
      {shown && (
        <>
          <Text>{shown.message}</Text>
          <Group justify="flex-end" mt="lg">
            <Button
              variant="default"
              disabled={shown.running}
              onClick={() => question?.answer(false)}
              data-autofocus
            >
              {shown.cancelLabel || t('form.cancel')}
            </Button>
            <Button
              color={shown.danger ? 'red.9' : undefined}
              loading={shown.running}
              onClick={() => question?.answer(true)}
            >
              {shown.confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
