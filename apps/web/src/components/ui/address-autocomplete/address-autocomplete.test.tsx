import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AddressAutocomplete } from './address-autocomplete';
import type { AddressLookup } from './places-adapter';

function Harness({ lookup }: { lookup: AddressLookup | null }) {
  const [value, setValue] = useState('');
  return (
    <>
      <AddressAutocomplete label="Address" value={value} onChange={setValue} country="AU" lookup={lookup} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const flush = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('AddressAutocomplete', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a plain text field without a lookup', () => {
    renderWithProviders(<Harness lookup={null} />);
    const input = screen.getByLabelText('Address');
    fireEvent.change(input, { target: { value: '1 Main St' } });
    expect(screen.getByTestId('value').textContent).toBe('1 Main St');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('searches 500 ms after the last key, only for typed text, and fills the full address', async () => {
    const lookup: AddressLookup = {
      suggest: vi.fn(async (text: string) => [{ id: 'p1', text: `${text} Road, Balmain NSW` }]),
      resolve: vi.fn(async () => '12 Wharf Rd, Balmain NSW 2041, Australia'),
    };
    renderWithProviders(<Harness lookup={lookup} />);
    const input = screen.getByLabelText('Address');
    fireEvent.change(input, { target: { value: '12 Wh' } });
    await flush(300);
    fireEvent.change(input, { target: { value: '12 Wharf' } });
    await flush(499);
    expect(lookup.suggest).not.toHaveBeenCalled();
    await flush(1);
    expect(lookup.suggest).toHaveBeenCalledTimes(1);
    expect(lookup.suggest).toHaveBeenCalledWith('12 Wharf');
    // the dropdown's transition keeps it "hidden" to role queries under fake timers
    const option = await vi.waitFor(() => screen.getByText('12 Wharf Road, Balmain NSW'));
    fireEvent.click(option);
    await flush(0);
    expect(lookup.resolve).toHaveBeenCalledWith('p1');
    expect(screen.getByTestId('value').textContent).toBe('12 Wharf Rd, Balmain NSW 2041, Australia');
  });

  it("shows 'No results found' and the failure toast", async () => {
    const lookup: AddressLookup = {
      suggest: vi.fn().mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('REQUEST_DENIED')),
      resolve: vi.fn(),
    };
    renderWithProviders(<Harness lookup={lookup} />);
    const input = screen.getByLabelText('Address');
    fireEvent.change(input, { target: { value: 'nowhere' } });
    await flush(500);
    await vi.waitFor(() => expect(screen.getByText('No results found')).toBeTruthy());
    fireEvent.change(input, { target: { value: 'nowhere at all' } });
    await flush(500);
    await vi.waitFor(() =>
      expect(screen.getByText("We couldn't find that address, please try again")).toBeTruthy(),
    );
    expect(screen.getByText('Sorry, something went wrong')).toBeTruthy();
  });
});
