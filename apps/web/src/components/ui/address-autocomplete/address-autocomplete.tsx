import { Combobox, Loader, Textarea, type TextareaProps, TextInput, useCombobox } from '@mantine/core';
import { type FocusEvent, type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { env } from '../../../config/env';
import { notifyError } from '../../../lib/notify';
import { type AddressLookup, type AddressSuggestion, lazyPlacesLookup } from './places-adapter';

export type AddressAutocompleteProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  name?: string;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  maxLength?: number;
  /** ISO 3166-1 alpha-2 country the predictions are restricted to. */
  country: string;
  /** Injected in tests; by default Google Places when VITE_GOOGLE_MAPS_API_KEY is built in, else none. */
  lookup?: AddressLookup | null;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
};

/** The lookup for this build: Google Places with a key, plain entry without one. */
function useDefaultAddressLookup(country: string): AddressLookup | null {
  return useMemo(
    () => (env.googleMapsApiKey && country ? lazyPlacesLookup(env.googleMapsApiKey, country) : null),
    [country],
  );
}

/**
 * An address field: suggestions from the lookup once text is typed (debounced 500 ms), the chosen
 * one's full address filled in; a plain text field when there is no lookup.
 */
export function AddressAutocomplete(props: AddressAutocompleteProps) {
  const fallback = useDefaultAddressLookup(props.country);
  const lookup = props.lookup === undefined ? fallback : props.lookup;
  if (!lookup) return <PlainAddressInput {...props} />;
  return <LookupAddressInput {...props} lookup={lookup} />;
}

function PlainAddressInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  description,
  required,
  maxLength,
  inputRef,
}: AddressAutocompleteProps) {
  const props: TextareaProps = {
    label,
    name,
    value,
    error,
    description,
    required,
    maxLength,
    autosize: true,
    minRows: 2,
    autoComplete: 'street-address',
    onChange: (event) => onChange(event.currentTarget.value),
    ...(onBlur ? { onBlur } : {}),
  };
  return <Textarea {...props} ref={inputRef as Ref<HTMLTextAreaElement>} />;
}

function LookupAddressInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  description,
  required,
  maxLength,
  lookup,
  inputRef,
}: AddressAutocompleteProps & { lookup: AddressLookup }) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [typed, setTyped] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[] | null>(null);
  const [searching, setSearching] = useState(false);
  const request = useRef(0);

  const failed = () => notifyError(t('errors.genericTitle'), t('address.lookupFailed'));

  // suggestions only for text the user typed, 500 ms after the last key
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search only for new text
  useEffect(() => {
    if (typed === null) return;
    const text = typed.trim();
    const id = ++request.current;
    if (!text) {
      setSuggestions(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    const timer = setTimeout(() => {
      lookup
        .suggest(text)
        .then((found) => {
          if (id !== request.current) return;
          setSuggestions(found);
          combobox.openDropdown();
        })
        .catch(() => {
          if (id !== request.current) return;
          setSuggestions(null);
          failed();
        })
        .finally(() => {
          if (id === request.current) setSearching(false);
        });
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, lookup]);

  const choose = (id: string) => {
    const chosen = suggestions?.find((s) => s.id === id);
    combobox.closeDropdown();
    request.current++;
    setTyped(null);
    setSuggestions(null);
    if (!chosen) return;
    onChange(chosen.text);
    lookup
      .resolve(id)
      .then((address) => onChange(address))
      .catch(failed);
  };

  const showDropdown = suggestions !== null && typed !== null && typed.trim() !== '';
  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          ref={inputRef as Ref<HTMLInputElement>}
          label={label}
          name={name}
          value={value}
          error={error}
          description={description}
          required={required}
          maxLength={maxLength}
          autoComplete="off"
          rightSection={
            searching ? <Loader role="progressbar" size={16} aria-label={t('address.searching')} /> : null
          }
          onChange={(event) => {
            const next = event.currentTarget.value;
            onChange(next);
            setTyped(next);
          }}
          onFocus={() => {
            if (suggestions) combobox.openDropdown();
          }}
          onBlur={(event) => {
            combobox.closeDropdown();
            onBlur?.(event);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options aria-label={t('address.suggestions')}>
          {suggestions?.length ? (
            suggestions.map((s) => (
              <Combobox.Option value={s.id} key={s.id}>
                {s.text}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{t('address.noResults')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
