import { useState } from 'react';
import type { DefaultValues, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '../../lib/i18n/i18n';
import { notifyError } from '../../lib/notify';
import { KIT_FORM_MODE } from './form';

type Schema = z.ZodType<FieldValues, FieldValues>;
type SchemaLoader<S extends Schema = Schema> = () => Promise<S>;
type AnyResolver = Resolver<FieldValues, unknown, FieldValues>;

const loaded = new Map<SchemaLoader, Promise<AnyResolver>>();

/** The zod resolver for a loader's schema, fetched once; a failed fetch is tried again next time. */
function loadResolver(load: SchemaLoader): Promise<AnyResolver> {
  let ready = loaded.get(load);
  if (!ready) {
    ready = Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot see through a generic schema
      ([{ zodResolver }, schema]) => zodResolver(schema as any) as AnyResolver,
    );
    loaded.set(load, ready);
    ready.catch(() => loaded.delete(load));
  }
  return ready;
}

/** Starts fetching a lazy form's schema (on the first focus, say) so its first validation is instant. */
export function preloadLazyForm(load: SchemaLoader): void {
  loadResolver(load).catch(() => undefined);
}

/**
 * A resolver whose schema (and zod with it) is fetched by the first validation, not with the page.
 * When it cannot be fetched (offline), the submit stops with the §8 generic toast and the next
 * one tries again.
 */
export function lazyZodResolver<S extends Schema>(
  load: SchemaLoader<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve: AnyResolver = async (values, context, options) => {
    let resolver: AnyResolver;
    try {
      resolver = await loadResolver(load);
    } catch {
      notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.genericMessage'));
      return { values: {}, errors: { root: { type: 'unavailable', message: '' } } };
    }
    return resolver(values, context, options);
  };
  return resolve as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
}

/**
 * useAppForm for the pages that must load fast (sign-in): the same contract schema and the same
 * behaviour, but the schema arrives with the first validation (blur or submit) or
 * preloadLazyForm. `load` must be stable (a module-level function): the fetch is kept per loader.
 */
export function useLazyAppForm<S extends Schema>(
  load: SchemaLoader<S>,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const [resolver] = useState(() => lazyZodResolver(load));
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues, ...KIT_FORM_MODE });
}
