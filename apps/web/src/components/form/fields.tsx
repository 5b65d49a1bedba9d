import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';
import { useFieldBlur } from './form';

/** A field of the kit's form: its controller (whose blur waits for a press in the form to end) and message. */
export function useField(name: string) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const deferBlur = useFieldBlur();
  const message = fieldState.error?.message;
  const onBlur = field.onBlur;
  return {
    field: { ...field, onBlur: () => deferBlur(onBlur) },
    error: message ? translateMessage(message) : undefined,
  };
}

/** Cuts text to maxLength, whatever way it arrived (typing, paste, autofill). */
export function truncate(value: string, maxLength: number | undefined): string {
  return maxLength !== undefined && value.length > maxLength ? value.slice(0, maxLength) : value;
}

type TextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

export function TextField({ name, maxLength, onBlur, ...props }: TextFieldProps) {
  const { field, error } = useField(name);
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      maxLength={maxLength}
      onChange={(event) => field.onChange(truncate(event.currentTarget.value, maxLength))}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={error}
    />
  );
}

type PasswordFieldProps = Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string;
};

export function PasswordField({ name, maxLength, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const { field, error } = useField(name);
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('form.togglePassword') }}
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
