import { Button, Combobox, Group, Loader, Paper, Stack, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { contactMessages } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACTS_SEARCH_DEBOUNCE_MS, CONTACTS_SEARCH_PAGE_SIZE } from '../../../config/constants';
import { ApiError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { contactQueryOptions, searchContactsQueryOptions, useCreateContact } from '../../contacts';

type Picked = { id: string; name: string } | null;

/** §7: the contact search is debounced (400 ms); a new contact can be created in place. */
export function ContactPicker({
  value,
  initialName,
  onChange,
}: {
  value: string | null;
  initialName?: string | undefined;
  onChange: (contact: Picked) => void;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialName ?? '');
  const [debounced] = useDebouncedValue(text, CONTACTS_SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const open = combobox.dropdownOpened;
  const search = useQuery({
    ...searchContactsQueryOptions({
      search: debounced.trim(),
      sort: undefined,
      limit: CONTACTS_SEARCH_PAGE_SIZE,
      offset: 0,
    }),
    staleTime: 10_000,
    enabled: open,
  });
  const current = useQuery({ ...contactQueryOptions(value ?? ''), enabled: value !== null && !initialName });
  useEffect(() => {
    if (current.data && !text) setText(current.data.name);
  }, [current.data, text]);

  return (
    <Stack gap="xs">
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const contact = search.data?.data.find((c) => c.id === id);
          if (!contact) return;
          setText(contact.name);
          onChange({ id: contact.id, name: contact.name });
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            label={t('deals.contact')}
            placeholder={t('deals.contactPicker.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (value !== null) onChange(null);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSection={search.isFetching && open ? <Loader size="xs" /> : null}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {search.data?.data.length === 0 && (
              <Combobox.Empty>{t('deals.contactPicker.none')}</Combobox.Empty>
            )}
            {!search.data && <Combobox.Empty>{t('deals.contactPicker.searching')}</Combobox.Empty>}
            {search.data?.data.map((c) => (
              <Combobox.Option value={c.id} key={c.id}>
                {c.name}
                {c.email ? ` · ${c.email}` : ''}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {!creating && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setCreating(true)}>
            {t('deals.contactPicker.addNew')}
          </Button>
        </Group>
      )}
      {creating && (
        <NewContact
          initialName={value === null ? text : ''}
          onCancel={() => setCreating(false)}
          onCreated={(contact) => {
            setCreating(false);
            setText(contact.name);
            onChange(contact);
          }}
        />
      )}
    </Stack>
  );
}

function NewContact({
  initialName,
  onCancel,
  onCreated,
}: {
  initialName: string;
  onCancel: () => void;
  onCreated: (c: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const submit = () => {
    if (!name.trim()) {
      setErrors({ name: contactMessages.nameRequired });
      return;
    }
    create.mutate(
      { name: name.trim(), email: email.trim(), phone: phone.trim() },
      {
        onSuccess: (contact) => onCreated({ id: contact.id, name: contact.name }),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : [];
          setErrors({
            name: fields.find((f) => f.path === 'name')?.message,
            email:
              fields.find((f) => f.path === 'email')?.message ?? (fields.length ? undefined : error.message),
          });
        },
      },
    );
  };
  // a nested form would submit the deal form: this block is a group of fields with its own button
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={t('deals.contactPicker.addNew')}>
      <Stack gap="xs">
        <TextInput
          label={t('deals.contactPicker.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name ? translateMessage(errors.name) : undefined}
          required
        />
        <TextInput
          label={t('deals.contactPicker.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email ? translateMessage(errors.email) : undefined}
        />
        <TextInput
          label={t('deals.contactPicker.phone')}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('deals.cancel')}
          </Button>
          <Button size="xs" onClick={submit} loading={create.isPending}>
            {t('deals.contactPicker.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
