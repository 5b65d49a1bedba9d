import type { ReactNode } from 'react';
import { i18n } from './i18n/i18n';

/** A question for ConfirmHost (components/ui/confirm-host.tsx), the one dialog that asks before acting. */
export type ConfirmRequest = {
  /** Asking again with the key of the open question gets that question's answer (no second dialog). */
  key?: string;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button is red (a destructive action). */
  danger?: boolean;
  /**
   * Runs once on confirm, the dialog open with its buttons disabled until it settles (a second
   * click never acts twice); the answer is true when it succeeded. It reports its own failure.
   */
  action?: () => Promise<unknown>;
};

export type OpenQuestion = ConfirmRequest & {
  running: boolean;
  answer: (confirmed: boolean) => void;
};

let open: OpenQuestion | null = null;
let openAnswer: Promise<boolean> | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The open question, for the host. */
export const confirmStore = {
  get: (): OpenQuestion | null => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Asks before acting: resolves true when confirmed (and, with an action, once it succeeded),
 * false when cancelled. One question at a time: while one is open, asking again with its key
 * returns its answer, and any other question is answered false at once.
 */
export function requestConfirm(request: ConfirmRequest): Promise<boolean> {
  if (open && openAnswer)
    return request.key && request.key === open.key ? openAnswer : Promise.resolve(false);
  const answer = new Promise<boolean>((resolve) => {
    const settle = (confirmed: boolean) => {
      open = null;
      openAnswer = null;
      changed();
      resolve(confirmed);
    };
    const question: OpenQuestion = {
      ...request,
      running: false,
      answer: (confirmed) => {
        if (open !== question || question.running) return;
        if (!confirmed || !request.action) return settle(confirmed);
        open = { ...question, running: true };
        changed();
        request.action().then(
          () => settle(true),
          () => settle(false),
        );
      },
    };
    open = question;
  });
  openAnswer = answer;
  changed();
  return answer;
}

/**
 * The confirm half of the destructive-action pattern (decision 012): asks, then runs `action`
 * with the dialog's buttons disabled until it settles. True when it was done.
 */
export function confirmDestructive(request: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  action: () => Promise<unknown>;
}): Promise<boolean> {
  return requestConfirm({ ...request, cancelLabel: i18n.t('form.cancel'), danger: true });
}

/** Whether a question is open (an Escape or a click belongs to it, not to what is under it). */
export const isConfirmOpen = (): boolean => open !== null;

/**
 * Escape answers the open question 'no' and goes no further: the modal under it must not close
 * with the same key. Listening on window in the capture phase from this module's first import
 * (the root layout's, before any modal mounts) puts this listener ahead of every modal's.
 */
function onEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || !open || event.isComposing) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  open.answer(false);
}
if (typeof window !== 'undefined') window.addEventListener('keydown', onEscape, true);
