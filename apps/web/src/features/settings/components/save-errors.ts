import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError } from '../../../lib/notify';

/**
 * A failed save keeps what the user typed: a 400 puts the server's messages on the fields it
 * names (`fieldMap` renames wire paths to form fields) and toasts the first; anything else shows
 * the server-issues toast.
 */
export function showSaveError<V extends FieldValues>(
  error: unknown,
  form?: UseFormReturn<V, unknown, unknown>,
  fieldMap: Record<string, Path<V>> = {},
): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const names = form ? Object.keys(form.getValues()) : [];
    for (const { path, message } of error.fields) {
      const name = fieldMap[path] ?? (names.includes(path) ? (path as Path<V>) : undefined);
      if (name && form) form.setError(name, { type: 'server', message: translateMessage(message) });
    }
    const first = error.fields[0]?.message ?? error.message;
    notifyError(translateMessage(first), error.fields.length ? i18n.t('form.reviewAll') : '');
    return;
  }
  reportError(error);
  notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}
