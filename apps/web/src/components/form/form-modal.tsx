import { Button, Group, Modal, type ModalProps } from '@mantine/core';
import { createContext, type ReactNode, useContext, useId, useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mayDiscard, unsavedChanges } from '../../lib/unsaved-changes';
import { useBreakpoint } from '../../lib/use-breakpoint';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { UnsavedScopeContext } from './unsaved-changes';

type FormModalApi = {
  /** Cancel, X, Escape, a click outside: asks first when a form inside has unsaved changes. */
  requestClose: () => void;
  /** Saved (or nothing to keep): closes without asking, and the route guard does not ask either. */
  close: () => void;
  /** Saved, and the caller closes it (a navigation): the route guard does not ask. */
  release: () => void;
  /** Before dropping a form and staying in the modal (Cancel back to a view): true to go on. */
  mayDiscard: () => Promise<boolean>;
};

const FormModalContext = createContext<FormModalApi | null>(null);

const NO_MODAL: FormModalApi = {
  requestClose: () => undefined,
  close: () => undefined,
  release: () => undefined,
  mayDiscard: () => mayDiscard(),
};

/** The modal a form sits in; outside one, closing is a no-op. */
export function useFormModal(): FormModalApi {
  return useContext(FormModalContext) ?? NO_MODAL;
}

type FormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: ModalProps['size'];
  zIndex?: number;
  /** Phones get the whole screen (default). */
  fullScreenOnPhone?: boolean;
};

/**
 * A modal holding forms of the kit: every way out (X, Escape, a click outside, Cancel) asks
 * §2's unsaved-changes question when one of its forms has changes; route changes and leaving the
 * page ask through the route guard. The forms report themselves (AppForm), nothing is wired by hand.
 */
export function FormModal({
  opened,
  onClose,
  title,
  children,
  size = 'lg',
  zIndex,
  fullScreenOnPhone = true,
}: FormModalProps) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const scope = useId();
  const api = useMemo<FormModalApi>(
    () => ({
      requestClose: () => {
        void mayDiscard(scope).then((close) => {
          if (close) onClose();
        });
      },
      close: () => {
        unsavedChanges.release(scope);
        onClose();
      },
      release: () => unsavedChanges.release(scope),
      mayDiscard: () => mayDiscard(scope),
    }),
    [scope, onClose],
  );
  const everOpened = useOpenedOnce(opened);
  if (!everOpened) return null;
  return (
    <Modal
      opened={opened}
      onClose={api.requestClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('errors.close') }}
      fullScreen={fullScreenOnPhone && phone}
      size={size}
      {...(zIndex === undefined ? {} : { zIndex })}
    >
      <UnsavedScopeContext value={scope}>
        <FormModalContext value={api}>{opened && children}</FormModalContext>
      </UnsavedScopeContext>
    </Modal>
  );
}

/** The add/edit modal of a list's records: 'new' adds, a record edits, null is closed. */
export function RecordFormModal<R>({
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
  /** The form, given the record (null when adding). */
  children: (record: R | null) => ReactNode;
}) {
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={editing === 'new' ? addTitle : editTitle}>
      {editing !== null && children(editing === 'new' ? null : editing)}
    </FormModal>
  );
}

/** A form's Cancel (asks first when there are changes, through its FormModal) and submit buttons. */
export function FormButtons({ submitLabel, onCancel }: { submitLabel: string; onCancel?: () => void }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const { formState } = useFormContext();
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel ?? modal.requestClose}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" loading={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
