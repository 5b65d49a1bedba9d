import { useEffect, useId, useRef } from 'react';
import { supplierText } from './strings';

/** "Send this answer?": the native modal dialog (focus kept inside, Escape cancels). */
export function ConfirmDialog({
  body,
  onConfirm,
  onCancel,
}: {
  body: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{supplierText.confirmTitle}</h2>
      <p id={bodyId}>{body}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onCancel}>
          {supplierText.cancel}
        </button>
        <button type="button" className="button primary" onClick={onConfirm}>
          {supplierText.confirmYes}
        </button>
      </div>
    </dialog>
  );
}
