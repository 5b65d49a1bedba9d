import '../strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { SupplierOrderDetails } from './supplier-order-details';
import { onlineSupplierOrder } from './testing-fixtures';

describe("an online supplier order's Details", () => {
  it('says what an acceptance with changes means and which lines changed how', () => {
    renderWithProviders(<SupplierOrderDetails order={onlineSupplierOrder()} />);
    const details = screen.getByTestId('supplier-order-details');
    expect(within(details).getByTestId('supplier-acknowledgement').textContent).toBe('Accepted with changes');
    expect(details.textContent).toContain('The supplier will make the order with the changes below.');
    const changes = screen.getByTestId('line-changes');
    expect(changes.textContent).toContain('House/Lounge/Window 1 — Roller blind');
    expect(changes.textContent).toContain('Quantity 2 · Size 1190 x 1500 mm');
    expect(screen.getByTestId('supplier-reference').textContent).toBe('CW-77');
    expect(screen.getByTestId('supplier-freight').textContent).toContain('35.00');
    expect(
      within(screen.getByTestId('supplier-order-lines')).getAllByTestId('supplier-order-line'),
    ).toHaveLength(1);
    expect(screen.queryByTestId('rejection-reason')).toBeNull();
  });

  it("shows a rejection's reason and an unanswered order in words", () => {
    renderWithProviders(
      <SupplierOrderDetails
        order={onlineSupplierOrder({
          acknowledgement: 'REJECTED',
          rejectionReason: 'Fabric discontinued',
          lineChanges: [],
        })}
      />,
    );
    expect(screen.getByTestId('rejection-reason').textContent).toContain('Fabric discontinued');
    expect(screen.queryByTestId('line-changes')).toBeNull();
  });

  it('names a not-yet-answered order and leaves freight and ETA as not given', () => {
    renderWithProviders(
      <SupplierOrderDetails
        order={onlineSupplierOrder({
          acknowledgement: '',
          acknowledgedAt: null,
          eta: null,
          freight: null,
          lineChanges: [],
        })}
      />,
    );
    expect(screen.getByTestId('supplier-acknowledgement').textContent).toBe('Not acknowledged yet');
    expect(screen.getByTestId('supplier-eta').textContent).toBe('Not given yet');
    expect(screen.getByTestId('supplier-freight').textContent).toBe('Not given yet');
  });
});
