import { requestConfirm } from './confirm';
import { i18n } from './i18n/i18n';

/**
 * Which forms hold unsaved changes. Every form of the kit reports here (AppForm does it by
 * itself); the route guard and the form modals ask before anything drops them. A form belongs
 * to a scope (the modal it is in, or the page): discarding a modal's changes releases its forms,
 * so the navigation that follows does not ask a second time.
 */
type Entry = { scope: string; dirty: boolean; released: boolean };

const entries = new Map<string, Entry>();

export const PAGE_SCOPE = 'page';

export const unsavedChanges = {
  /** A form's state; a released form counts again once it changes again. */
  report(form: string, scope: string, dirty: boolean): void {
    const entry = entries.get(form);
    entries.set(form, {
      scope,
      dirty,
      released: dirty && entry?.released === true && entry.dirty === dirty,
    });
  },
  forget(form: string): void {
    entries.delete(form);
  },
  /** Unsaved changes anywhere (or in one scope). */
  any(scope?: string): boolean {
    for (const entry of entries.values())
      if (entry.dirty && !entry.released && (scope === undefined || entry.scope === scope)) return true;
    return false;
  },
  /** The changes were saved or discarded: nothing of this scope (or anywhere) asks any more. */
  release(scope?: string): void {
    for (const entry of entries.values())
      if (scope === undefined || entry.scope === scope) entry.released = true;
  },
};

/**
 * §2's unsaved-changes question: resolves true to leave (the changes are dropped), false to stay.
 * Several closers asking at once (Escape reaches a modal and the route) share one question.
 */
export function confirmDiscard(): Promise<boolean> {
  return requestConfirm({
    key: 'unsaved-changes',
    title: i18n.t('form.unsaved.title'),
    message: i18n.t('form.unsaved.message'),
    confirmLabel: i18n.t('form.unsaved.discard'),
    cancelLabel: i18n.t('form.unsaved.keep'),
    danger: true,
  });
}

/** Asks only when `scope` (or anything) has unsaved changes; true when it may close. */
export async function mayDiscard(scope?: string): Promise<boolean> {
  if (!unsavedChanges.any(scope)) return true;
  const leave = await confirmDiscard();
  if (leave) unsavedChanges.release(scope);
  return leave;
}
