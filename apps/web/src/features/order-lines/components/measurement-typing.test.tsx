import '../product-strings';
import { Button } from '@mantine/core';
import type { MeasureUnit } from '@slat/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { AppForm, KIT_FORM_MODE } from '../../../components/form/form';
import { descriptionOf, inputValue, renderWithProviders } from '../../../testing/render';
import { MeasurementInput } from './measurement-input';
import {
  formDefaults,
  lineFieldsOf,
  type ProductFlags,
  type ProductFormValues,
  QuantityField,
  UnitSwitch,
  validateProductForm,
} from './product-screen';

const FLAGS: ProductFlags = {
  hasWidth: true,
  hasHeight: false,
  hasQuantity: true,
  disableFineFractions: false,
};

/** The product screen's size, unit and quantity fields in its form, with its rules. */
function SizeForm({
  onSubmit,
  unit = 'mm',
  disableFineFractions = false,
  range,
}: {
  onSubmit: (values: ProductFormValues) => void;
  unit?: MeasureUnit;
  disableFineFractions?: boolean;
  range?: { min?: number; max?: number };
}) {
  const resolver = useCallback<Resolver<ProductFormValues>>(
    async (values) => {
      const errors = validateProductForm(values, { ...FLAGS, disableFineFractions });
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
    [disableFineFractions],
  );
  const form = useForm<ProductFormValues>({
    defaultValues: { ...formDefaults(null, unit), productId: 5 },
    resolver,
    ...KIT_FORM_MODE,
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label="Size">
      <UnitSwitch disabled={false} form={form} disableFineFractions={disableFineFractions} />
      <MeasurementInput
        name="width"
        label="Width"
        fractionLabel="Width fraction of an inch"
        unit={form.watch('unit')}
        disableFineFractions={disableFineFractions}
        range={range}
      />
      <QuantityField disabled={false} />
      <Button type="submit">Save</Button>
    </AppForm>
  );
}

const width = () => screen.getByRole('textbox', { name: 'Width' });
const quantity = () => screen.getByRole('textbox', { name: 'Quantity' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('typing a size', () => {
  it('1200.5 in a mm field stays 1200.5 and says millimetres are whole numbers; nothing is saved', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.type(width(), '1200.5');
    expect(inputValue(width())).toBe('1200.5');
    await user.click(save());
    await waitFor(() =>
      expect(descriptionOf(width())).toBe('Millimetres are whole numbers: 1200.5 has a decimal point'),
    );
    expect(inputValue(width())).toBe('1200.5');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('1e3 stays 1e3 and is refused as exponent notation', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.type(width(), '1e3');
    expect(inputValue(width())).toBe('1e3');
    await user.click(save());
    await waitFor(() =>
      expect(descriptionOf(width())).toBe('Type the number in full: 1e3 is exponent notation'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('-500 keeps its minus and is refused as negative', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.type(width(), '-500');
    expect(inputValue(width())).toBe('-500');
    await user.tab();
    await waitFor(() =>
      expect(descriptionOf(width())).toBe('Width cannot be negative: -500 has a minus sign'),
    );
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('pasted " 1200 " is saved as 1200', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.click(width());
    await user.paste(' 1200 ');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // the field keeps what was pasted; Save sends the number in it
    expect(inputValue(width())).toBe(' 1200 ');
    expect(lineFieldsOf(onSubmit.mock.calls[0]?.[0], FLAGS)).toMatchObject({ unit: 'mm', width: 1200 });
  });

  it('a size outside the catalog’s limits names the range under the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SizeForm onSubmit={vi.fn()} range={{ min: 300, max: 3000 }} />);
    await user.type(width(), '3500');
    expect(descriptionOf(width())).toBe('Width must be between 300 and 3000 mm');
    await user.clear(width());
    await user.type(width(), '2400');
    expect(descriptionOf(width())).toBe('');
  });
});

describe('the unit switch', () => {
  it('converts 1200 mm to 47 1/4" (quarters only) and back to 1200 mm', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SizeForm onSubmit={vi.fn()} disableFineFractions />);
    await user.type(width(), '1200');
    await user.click(screen.getByText('in', { exact: true }));
    await waitFor(() => expect(inputValue(width())).toBe('47'));
    const fraction = screen.getByRole('combobox', { name: 'Width fraction of an inch' }) as HTMLSelectElement;
    expect(fraction.selectedOptions[0]?.textContent).toBe('1/4');
    await user.click(screen.getByText('mm', { exact: true }));
    await waitFor(() => expect(inputValue(width())).toBe('1200'));
  });
});

describe('typing a quantity', () => {
  it('0 stays 0 and says Quantity must be at least 1; left empty it becomes 1', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.type(width(), '1200');
    await user.clear(quantity());
    await user.type(quantity(), '0');
    await user.tab();
    expect(inputValue(quantity())).toBe('0');
    await waitFor(() => expect(descriptionOf(quantity())).toBe('Quantity must be at least 1'));
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(quantity());
    await user.tab();
    expect(inputValue(quantity())).toBe('1');
    await waitFor(() => expect(descriptionOf(quantity())).toBe(''));
  });

  it('-3 keeps its minus and says Quantity must be at least 1', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SizeForm onSubmit={onSubmit} />);
    await user.type(width(), '1200');
    await user.clear(quantity());
    await user.type(quantity(), '-3');
    await user.tab();
    expect(inputValue(quantity())).toBe('-3');
    await waitFor(() => expect(descriptionOf(quantity())).toBe('Quantity must be at least 1'));
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
