import '../strings';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { truncate, useField } from '../../../components/form/fields';
import { IconAlertCircle } from '../../../components/icons';
import { emailChips } from './email-list';

type EmailListFieldProps = { name: string; label: string; required?: boolean; maxLength?: number };

/** A comma-separated address list, each address shown as a chip; bad ones are marked. */
export function EmailListField({ name, label, required, maxLength = 2000 }: EmailListFieldProps) {
  const { t } = useTranslation();
  const { field, error } = useField(name);
  const value = (field.value as string | undefined) ?? '';
  const chips = emailChips(value);
  return (
    <Stack gap={6}>
      <TextInput
        ref={field.ref}
        name={field.name}
        label={label}
        required={required}
        type="text"
        inputMode="email"
        autoComplete="off"
        description={t('settings.general.emailListHint')}
        value={value}
        maxLength={maxLength}
        onChange={(event) => field.onChange(truncate(event.currentTarget.value, maxLength))}
        onBlur={field.onBlur}
        error={error}
      />
      {chips.length > 0 && (
        <Group
          component="ul"
          gap={6}
          aria-label={t('settings.general.addresses', { label })}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {chips.map((chip, index) => (
            <li
              // the same address may appear twice: that is what the Duplicate mark is for
              // biome-ignore lint/suspicious/noArrayIndexKey: chips have no identity beyond their place
              key={`${chip.address}-${index}`}
              data-problem={chip.problem ?? undefined}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                padding: '2px 10px',
                borderRadius: 999,
                fontSize: 'var(--mantine-font-size-sm)',
                border: `1px solid var(--mantine-color-${chip.problem ? 'red-7' : 'gray-4'})`,
                background: chip.problem ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-gray-0)',
                color: chip.problem ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-text)',
                maxWidth: '100%',
                overflowWrap: 'anywhere',
              }}
            >
              {chip.problem && <IconAlertCircle size={14} aria-hidden />}
              <span>{chip.address}</span>
              {chip.problem && (
                <Text span size="xs" fw={600} c="red.9">
                  ·{' '}
                  {chip.problem === 'invalid'
                    ? t('settings.general.chipInvalid')
                    : t('settings.general.chipDuplicate')}
                </Text>
              )}
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}
