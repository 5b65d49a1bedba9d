import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBreakpoint } from '../../../lib/use-breakpoint';

/**
 * Closing an editor with changes asks first (§2's unsaved-changes modal). Returns the close
 * request to wire to the editor's close button and the confirmation to render beside it.
 */
function useUnsavedGuard(dirty: boolean, close: () => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const confirmation = (
    <Modal
      opened={asking}
      onClose={() => setAsking(false)}
      title={t('deals.unsaved.title')}
      closeButtonProps={{ 'aria-label': t('deals.close') }}
      zIndex={400}
      centered
    >
      <Text>{t('deals.unsaved.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setAsking(false)}>
          {t('deals.unsaved.keep')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            close();
          }}
        >
          {t('deals.unsaved.discard')}
        </Button>
      </Group>
    </Modal>
  );
  return { requestClose, confirmation };
}

type EditorApi = { setDirty: (dirty: boolean) => void; requestClose: () => void };

/**
 * A modal editor whose every way out (close button, Escape, the overlay, Cancel) asks before
 * dropping changes. The form reports whether it is dirty through `setDirty`.
 */
export function EditorModal({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  children: (api: EditorApi) => ReactNode;
}) {
  const { t } = useTranslation();
  const small = useBreakpoint() === 'verySmall';
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const guard = useUnsavedGuard(dirty, close);
  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={title}
        closeButtonProps={{ 'aria-label': t('deals.close') }}
        fullScreen={small}
        size={size}
      >
        {opened && children({ setDirty, requestClose: guard.requestClose })}
      </Modal>
      {guard.confirmation}
    </>
  );
}

/** Reports a form's dirty state to its EditorModal. */
export function useReportDirty(dirty: boolean, setDirty: (dirty: boolean) => void) {
  useEffect(() => setDirty(dirty), [dirty, setDirty]);
}

type RecordFormApi<R> = {
  /** null when adding. */
  record: R | null;
  setDirty: (dirty: boolean) => void;
  /** Cancel: asks first when there are changes. */
  onCancel: () => void;
  /** Saved: closes without asking. */
  onDone: () => void;
};

/** The add/edit editor of a list of records: 'new' adds, a record edits, null is closed. */
export function RecordEditorModal<R>({
  editing,
  onClose,
  addTitle,
  editTitle,
  children,
}: {
  editing: R | 'new' | null;
  onClose: () => void;
  addTitle: string;
  editTitle: string;
  children: (api: RecordFormApi<R>) => ReactNode;
}) {
  return (
    <EditorModal opened={editing !== null} onClose={onClose} title={editing === 'new' ? addTitle : editTitle}>
      {({ setDirty, requestClose }) =>
        children({
          record: editing === 'new' ? null : editing,
          setDirty,
          onCancel: requestClose,
          onDone: onClose,
        })
      }
    </EditorModal>
  );
}
