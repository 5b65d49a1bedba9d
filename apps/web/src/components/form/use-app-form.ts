import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { KIT_FORM_MODE } from './form';

/** react-hook-form with a zod resolver (usually a contract schema). */
export function useAppForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot see through a generic schema
    resolver: zodResolver(schema as any) as any,
    defaultValues,
    ...KIT_FORM_MODE,
  });
}
