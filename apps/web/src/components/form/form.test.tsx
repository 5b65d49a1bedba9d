import { Button } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { descriptionOf, inputValue, renderWithProviders } from '../../testing/render';
import { TextField } from './fields';
import { AppForm, useFormRules } from './form';
import { NumberField } from './number-field';
import { useAppForm } from './use-app-form';

function KitForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const rules = useFormRules();
  const schema = z.object({
    name: rules.requiredText('Company name'),
    email: rules.email({ allowBlank: true }),
    code: rules.pattern(/^[A-Z]{3}$/, { allowBlank: true }),
    quantity: z.number().nullable(),
  });
  const form = useAppForm(schema, { name: '', email: '', code: '', quantity: null });
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label="Company">
      <TextField name="name" label="Company name" maxLength={10} />
      <TextField name="email" label="Email" />
      <TextField name="code" label="Code" />
      <NumberField name="quantity" label="Quantity" min={1} max={20} />
      <Button type="submit">Save</Button>
    </AppForm>
  );
}

describe('form kit', () => {
  it('an invalid submit reveals the first error and toasts it with "Review all fields and try again"', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<KitForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Code'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Company name')));
    expect(descriptionOf(screen.getByLabelText('Company name'))).toBe('Company name is required');
    expect(descriptionOf(screen.getByLabelText('Code'))).toBe('Please enter a valid value');
    const toast = await screen.findByText('Review all fields and try again');
    expect(toast.closest('[role="alert"]')?.textContent).toContain('Company name is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<KitForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Company name'), 'Harbour');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Harbour', email: '', code: '', quantity: null });
  });

  it('text inputs truncate to maxLength, pasted text included', async () => {
    const user = userEvent.setup();
    renderWithProviders(<KitForm onSubmit={vi.fn()} />);
    const input = screen.getByLabelText('Company name');
    await user.click(input);
    await user.paste('Harbour Blinds & Shutters');
    expect(inputValue(input)).toBe('Harbour Bl');
  });

  it('number inputs clamp to min and max when they lose focus', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<KitForm onSubmit={onSubmit} />);
    const quantity = screen.getByLabelText('Quantity');
    await user.type(quantity, '45');
    expect(inputValue(quantity)).toBe('45');
    await act(async () => {
      await user.tab();
    });
    expect(inputValue(quantity)).toBe('20');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(inputValue(quantity)).toBe('1');
    await user.type(screen.getByLabelText('Company name'), 'Harbour');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ quantity: 1 });
  });
});
