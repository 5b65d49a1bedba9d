import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { QueryView } from './query-view';

const view = (query: { data: string[] | undefined; isError: boolean; refetch: () => unknown }) =>
  renderWithProviders(
    <QueryView query={query} failedTitle="This list could not be loaded." skeletonRows={2}>
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryView>,
  );

describe('QueryView', () => {
  it('shows the data, and keeps it when a later refetch fails', () => {
    view({ data: ['a', 'b'], isError: true, refetch: () => {} });
    expect(screen.getByText('a, b')).toBeTruthy();
    expect(screen.queryByText('This list could not be loaded.')).toBeNull();
  });

  it('without data: the failure with Try again, which refetches', async () => {
    const refetch = vi.fn();
    view({ data: undefined, isError: true, refetch });
    expect(screen.getByRole('alert').textContent).toContain('This list could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('while loading: a busy skeleton of the asked rows', () => {
    view({ data: undefined, isError: false, refetch: () => {} });
    const busy = screen.getByLabelText('Loading…');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.children).toHaveLength(2);
  });
});
