import {
  Group,
  NativeSelect,
  type NativeSelectProps,
  Radio,
  type RadioGroupProps,
  Switch,
  type SwitchProps,
} from '@mantine/core';
import { useField } from './fields';

type Option = { value: string; label: string };

type NativeSelectFieldProps = Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'error' | 'data'> & {
  name: string;
  data: Option[];
};

/** A native select of the kit: one value from a short, fixed list. */
export function NativeSelectField({ name, data, ...props }: NativeSelectFieldProps) {
  const { field, error } = useField(name);
  return (
    <NativeSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      data={data}
      error={error}
    />
  );
}

type RadioGroupFieldProps = Omit<RadioGroupProps, 'name' | 'value' | 'onChange' | 'error' | 'children'> & {
  name: string;
  options: Option[];
  /** After the form value changed (to reset a field that depends on this one). */
  onValueChange?: (value: string) => void;
};

/** Radio buttons of the kit, side by side. */
export function RadioGroupField({ name, options, onValueChange, ...props }: RadioGroupFieldProps) {
  const { field, error } = useField(name);
  return (
    <Radio.Group
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(value) => {
        field.onChange(value);
        onValueChange?.(value);
      }}
      error={error}
    >
      <Group gap="lg" mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

type SwitchFieldProps = Omit<SwitchProps, 'name' | 'checked' | 'onChange' | 'error'> & {
  name: string;
  /** After the form value changed (to adjust the fields that depend on this one). */
  onValueChange?: (checked: boolean) => void;
};

/** An on/off field of the kit. */
export function SwitchField({ name, onValueChange, ...props }: SwitchFieldProps) {
  const { field, error } = useField(name);
  return (
    <Switch
      {...props}
      ref={field.ref}
      name={field.name}
      checked={field.value === true}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        field.onChange(checked);
        onValueChange?.(checked);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
