import type { DefaultValues, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A resolver whose schema (and zod with it) is fetched by the first validation, not with the
 * page. A failed fetch is tried again by the next validation.
 */
export function lazyZodResolver<S extends Schema>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot see through a generic schema
      ([{ zodResolver }, schema]) => zodResolver(schema as any) as any,
    );
    ready.catch(() => {
      ready = undefined;
    });
    return (await ready)(values, context, options);
  };
}

/**
 * useAppForm for the pages that must load fast (sign-in): the same contract schema and the same
 * behaviour, but the schema arrives with the first blur or submit. `load` must be stable (a
 * module-level function).
 */
export function useLazyAppForm<S extends Schema>(
  load: () => Promise<S>,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: resolverFor(load),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
}

const resolvers = new WeakMap<() => Promise<Schema>, Resolver<never, unknown, never>>();

function resolverFor<S extends Schema>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver = resolvers.get(load) as Resolver<z.input<S>, unknown, z.output<S>> | undefined;
  if (!resolver) {
    resolver = lazyZodResolver(load);
    resolvers.set(load, resolver as unknown as Resolver<never, unknown, never>);
  }
  return resolver;
}
