import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useField } from './fields';

/** Clamps a number to [min, max]. */
export function clamp(value: number, min: number | undefined, max: number | undefined): number {
  let next = value;
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return next;
}

type NumberFieldProps = Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error' | 'clampBehavior'> & {
  name: string;
};

/** A number that may go out of range while typing and is clamped to min/max when the field loses focus. */
export function NumberField({ name, min, max, ...props }: NumberFieldProps) {
  const { field, error } = useField(name);
  const value = field.value as number | '' | null | undefined;
  return (
    <NumberInput
      {...props}
      ref={field.ref}
      name={field.name}
      min={min}
      max={max}
      clampBehavior="none"
      value={value ?? ''}
      onChange={(next) => field.onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
      onBlur={() => {
        if (typeof value === 'number') {
          const clamped = clamp(value, min, max);
          if (clamped !== value) field.onChange(clamped);
        }
        field.onBlur();
      }}
      error={error}
    />
  );
}
