import { Textarea, type TextareaProps } from '@mantine/core';
import { truncate, useField } from './fields';

type TextareaFieldProps = Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

export function TextareaField({ name, maxLength, ...props }: TextareaFieldProps) {
  const { field, error } = useField(name);
  return (
    <Textarea
      autosize
      minRows={3}
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      maxLength={maxLength}
      onChange={(event) => field.onChange(truncate(event.currentTarget.value, maxLength))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
