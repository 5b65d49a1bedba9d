import '../strings';
import { type Bundle, bundleMessages, templateValueError } from '@slat/contracts';
import type { TFunction } from 'i18next';

const messageKeys = {
  [bundleMessages.required]: 'settings.bundles.required',
  [bundleMessages.factorRange]: 'settings.bundles.factorRange',
  [bundleMessages.currencyMin]: 'settings.bundles.currencyMin',
} as const;

/** The §5 bundle-field messages per templateKey (translated); {} when every value is fine. */
export function templateValueErrors(
  fields: Bundle['templateFields'],
  values: Record<string, string>,
  t: TFunction,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = templateValueError(field.operator, values[field.templateKey]);
    if (message) {
      const key = messageKeys[message as keyof typeof messageKeys];
      errors[field.templateKey] = key ? t(key) : message;
    }
  }
  return errors;
}

/** The values the modal starts with: the last subscribed ones, else blank. */
export const initialTemplateValues = (fields: Bundle['templateFields']): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.templateKey, f.value ?? '']));

/** Trimmed values keyed by templateKey, as POST /bundles/{id}/subscribe wants them. */
export const templateValuesRequest = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
