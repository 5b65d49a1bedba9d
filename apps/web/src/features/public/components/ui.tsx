import { type ReactNode, useEffect, useId, useRef } from 'react';
import { genericText, text } from '../strings';

/** The page frame: a header with who the page is from, then the content. */
export function Page({
  heading,
  logoUrl,
  children,
}: {
  heading?: string;
  logoUrl?: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <header className="top">
        {logoUrl ? <img className="logo" src={logoUrl} alt="" width={40} height={40} /> : null}
        <span className="top-name">{heading ?? ''}</span>
      </header>
      <main className="main">{children}</main>
    </>
  );
}

/** A message in place of the page (not found, cancelled, done, failed…), its title the page's heading. */
export function MessagePanel({
  title,
  body,
  tone = 'neutral',
  children,
}: {
  title: string;
  body?: string;
  tone?: 'neutral' | 'success' | 'danger';
  children?: ReactNode;
}) {
  return (
    <section className={`card message ${tone}`} aria-labelledby="message-title">
      <h1 id="message-title">{title}</h1>
      {body ? <p>{body}</p> : null}
      {children}
    </section>
  );
}

export function GenericError({ onRetry }: { onRetry?: () => void }) {
  return (
    <MessagePanel title={genericText.title} body={genericText.body} tone="danger">
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {text.tryAgain}
        </button>
      ) : null}
    </MessagePanel>
  );
}

/** The generic error inside a section (a failed accept or pay): announced, not a page heading. */
export function InlineError() {
  return (
    <div className="inline-error" role="alert">
      <strong>{genericText.title}</strong>
      <p>{genericText.body}</p>
    </div>
  );
}

export function Loading({ label = text.loading }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A modal dialog (the native one: focus kept inside, Escape closes), for Payment Failed. */
export function Dialog({
  title,
  children,
  onClose,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
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
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          {text.close}
        </button>
      </div>
    </dialog>
  );
}
