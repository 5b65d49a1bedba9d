import { createContext, useContext, useEffect, useId } from 'react';
import { PAGE_SCOPE, unsavedChanges } from '../../lib/unsaved-changes';

/** The scope a form's changes belong to: the FormModal it sits in, else the page. */
export const UnsavedScopeContext = createContext<string>(PAGE_SCOPE);

/**
 * Reports a form's unsaved changes (AppForm calls it for every form of the kit; a form built by
 * hand calls it with its own dirty flag). Its modal then asks before closing, and the route guard
 * before leaving the page.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const scope = useContext(UnsavedScopeContext);
  const id = useId();
  useEffect(() => unsavedChanges.report(id, scope, dirty), [id, scope, dirty]);
  useEffect(() => () => unsavedChanges.forget(id), [id]);
}

/** useUnsavedChanges as an element, for a form whose state lives above its FormModal's content. */
export function ReportUnsavedChanges({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}
