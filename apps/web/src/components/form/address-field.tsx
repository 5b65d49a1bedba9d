import { useSession } from '../../lib/session/session-query';
import {
  AddressAutocomplete,
  type AddressAutocompleteProps,
} from '../ui/address-autocomplete/address-autocomplete';
import { useField } from './fields';

type AddressFieldProps = Omit<
  AddressAutocompleteProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'country' | 'inputRef'
> & { name: string; country?: string };

/** The address autocomplete as a form field; predictions in the signed-in company's country. */
export function AddressField({ name, country, ...props }: AddressFieldProps) {
  const { field, error } = useField(name);
  const session = useSession();
  return (
    <AddressAutocomplete
      {...props}
      name={field.name}
      inputRef={field.ref}
      country={country ?? session?.company.country_code ?? ''}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(value) => field.onChange(props.maxLength ? value.slice(0, props.maxLength) : value)}
      onBlur={() => field.onBlur()}
      error={error}
    />
  );
}
