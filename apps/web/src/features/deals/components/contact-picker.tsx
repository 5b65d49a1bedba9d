import { Anchor, Button, Combobox, Group, Loader, Paper, Stack, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ContactSummary, contactBodySchema, contactMessages } from '@slat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/form/unsaved-changes';
import { CONTACTS_SEARCH_DEBOUNCE_MS, CONTACTS_SEARCH_PAGE_SIZE } from '../../../config/constants';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError } from '../../../lib/notify';
import { contactQueryOptions, searchContactsQueryOptions, useCreateContact } from '../../contacts';

type Picked = { id: string; name: string } | null;

/** The contact the deal gets: an id, none (null), or undefined when the picker stopped the save. */
type Settle = (current: string | null) => Promise<string | null | undefined>;

/** A new contact being typed: whether anything is, and creating it (its id, or undefined and why shown). */
type Draft = { typed: () => boolean; create: () => Promise<string | undefined> };

/**
 * What the picker holds that the deal form has not got yet: a new contact typed but not created, or
 * a search typed but no contact picked. The deal form asks it before saving (`settle`): a typed new
 * contact is created first and becomes the deal's; a search that picked nothing stops the save and
 * says why on the field. Nothing typed is dropped without a word.
 */
export function usePendingContact(): { ref: RefObject<Settle | null>; settle: Settle } {
  const ref = useRef<Settle | null>(null);
  return { ref, settle: (current) => (ref.current ? ref.current(current) : Promise.resolve(current)) };
}

const searchFor = (search: string) =>
  searchContactsQueryOptions({ search, sort: undefined, limit: CONTACTS_SEARCH_PAGE_SIZE, offset: 0 });

/** The §5 invalid-form toast, titled with the reason (as the form kit does for its own fields). */
const toastInvalid = (message: string) => notifyError(message, i18n.t('form.reviewAll'));

/** §7: the contact search is debounced (400 ms); a new contact can be created in place. */
export function ContactPicker({
  value,
  initialName,
  onChange,
  pending,
}: {
  value: string | null;
  initialName?: string | undefined;
  onChange: (contact: Picked) => void;
  /** The deal form's handle (usePendingContact): the picker settles what it holds before a save. */
  pending?: { ref: RefObject<Settle | null> } | undefined;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialName ?? '');
  const [debounced] = useDebouncedValue(text, CONTACTS_SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const [searchError, setSearchError] = useState<string | undefined>();
  const newContact = useRef<Draft | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const reveal = useReveal();
  const open = combobox.dropdownOpened;
  const search = useQuery({ ...searchFor(debounced.trim()), staleTime: 10_000, enabled: open });
  const current = useQuery({ ...contactQueryOptions(value ?? ''), enabled: value !== null && !initialName });
  useEffect(() => {
    if (current.data && !text) setText(current.data.name);
  }, [current.data, text]);

  const pick = (contact: { id: string; name: string }) => {
    setText(contact.name);
    setSearchError(undefined);
    onChange({ id: contact.id, name: contact.name });
  };

  if (pending)
    pending.ref.current = async (currentId) => {
      const draft = creating ? newContact.current : null;
      if (draft?.typed()) return draft.create();
      if (currentId !== null || !text.trim()) return currentId;
      // a search typed, nothing picked from it: the dealer decides, the deal is not saved without it
      const message = t('deals.contactPicker.notPicked', { name: text.trim() });
      setSearchError(message);
      toastInvalid(message);
      reveal(searchInput);
      return undefined;
    };

  return (
    <Stack gap="xs">
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const contact = search.data?.data.find((c) => c.id === id);
          if (!contact) return;
          pick(contact);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            ref={searchInput}
            label={t('deals.contact')}
            placeholder={t('deals.contactPicker.placeholder')}
            value={text}
            error={searchError}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setSearchError(undefined);
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
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setCreating(true);
              setSearchError(undefined);
            }}
          >
            {t('deals.contactPicker.addNew')}
          </Button>
        </Group>
      )}
      {creating && (
        <NewContact
          initialName={value === null ? text : ''}
          draftRef={newContact}
          onCancel={() => setCreating(false)}
          onCreated={(contact) => {
            setCreating(false);
            pick(contact);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Focuses a field once the deal form's fieldset is enabled again (it is disabled while the form
 * submits, and a disabled field takes no focus).
 */
function useReveal() {
  const submitting = useFormContext()?.formState.isSubmitting ?? false;
  const target = useRef<RefObject<HTMLInputElement | null> | null>(null);
  useEffect(() => {
    if (submitting || !target.current) return;
    target.current.current?.focus();
    target.current = null;
  });
  return (field: RefObject<HTMLInputElement | null>) => {
    target.current = field;
  };
}

type Fields = { name: string; email: string; phone: string };
type DraftErrors = { name?: string | undefined; email?: string | undefined; phone?: string | undefined };

/** The contract's messages for a draft, by field; none when it may be created. */
function draftErrors(draft: Fields): DraftErrors | null {
  const parsed = contactBodySchema.safeParse(draft);
  if (parsed.success) return null;
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DraftErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The new contact's fields, inside the deal form (so not a form of their own). 'Create contact'
 * creates it at once; a deal saved while it is still typed here creates it first (draftRef), and
 * a contact that cannot be created (no name, a bad or taken email) stops the deal's save with the
 * reason on the field.
 */
function NewContact({
  initialName,
  draftRef,
  onCancel,
  onCreated,
}: {
  initialName: string;
  draftRef: RefObject<Draft | null>;
  onCancel: () => void;
  onCreated: (c: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateContact();
  const [draft, setDraft] = useState<Fields>({ name: initialName, email: '', phone: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [existing, setExisting] = useState<ContactSummary | undefined>();
  const inputs = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };
  const reveal = useReveal();

  const stop = (found: DraftErrors) => {
    setErrors(found);
    const field = found.name ? 'name' : 'email';
    const message = found.name ?? found.email ?? found.phone;
    if (message) toastInvalid(translateMessage(message));
    reveal(inputs[field]);
  };

  /** A taken email: the account's contact with it, to offer instead. */
  const findExisting = async (email: string) => {
    const found = await queryClient.fetchQuery(searchFor(email)).catch(() => undefined);
    setExisting(found?.data.find((c) => c.email.toLowerCase() === email.toLowerCase()));
  };

  /** Creates the typed contact; the created one, or undefined when it could not be (and why is shown). */
  const submit = async (): Promise<{ id: string; name: string } | undefined> => {
    const invalid = draftErrors(draft);
    if (invalid) {
      stop(invalid);
      return undefined;
    }
    setExisting(undefined);
    try {
      const contact = await create.mutateAsync(contactBodySchema.parse(draft));
      const picked = { id: contact.id, name: contact.name };
      onCreated(picked);
      return picked;
    } catch (error) {
      if (isSessionError(error)) return undefined;
      if (!(error instanceof ApiError) || error.status >= 500) {
        reportError(error);
        notifyError(t('errors.genericTitle'), t('errors.serverIssues'));
        return undefined;
      }
      const field = (path: string) => error.fields.find((f) => f.path === path)?.message;
      stop({ name: field('name'), email: field('email') ?? (field('name') ? undefined : error.message) });
      if (field('email') === contactMessages.emailTaken) void findExisting(draft.email.trim());
      return undefined;
    }
  };

  // an untouched block adds nothing; a typed one is a change the deal form's modal asks about
  const typed = Boolean(draft.name.trim() || draft.email.trim() || draft.phone.trim());
  useUnsavedChanges(typed);
  draftRef.current = {
    typed: () => typed,
    create: async () => (await submit())?.id,
  };
  useEffect(
    () => () => {
      draftRef.current = null;
    },
    [draftRef],
  );

  const set = (field: keyof Fields) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: next }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'email') setExisting(undefined);
  };
  const shown = (message: string | undefined) => (message ? translateMessage(message) : undefined);

  // a nested form would submit the deal form: this block is a group of fields with its own button
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={t('deals.contactPicker.addNew')}>
      <Stack gap="xs">
        <TextInput
          ref={inputs.name}
          label={t('deals.contactPicker.name')}
          value={draft.name}
          onChange={set('name')}
          error={shown(errors.name)}
          required
        />
        <TextInput
          ref={inputs.email}
          label={t('deals.contactPicker.email')}
          type="email"
          value={draft.email}
          onChange={set('email')}
          error={shown(errors.email)}
        />
        {existing && (
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onCreated(existing)}>
            {t('deals.contactPicker.useExisting', { name: existing.name })}
          </Anchor>
        )}
        <TextInput
          label={t('deals.contactPicker.phone')}
          value={draft.phone}
          onChange={set('phone')}
          error={shown(errors.phone)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('deals.cancel')}
          </Button>
          <Button size="xs" onClick={() => void submit()} loading={create.isPending}>
            {t('deals.contactPicker.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
