import type { Db } from '../../db/database';
import type { OrderKind } from './order-lines.repository';

/**
 * What the owner of an order (a deal quote, a purchase order) does when the order's contents
 * change. The shared order module calls these without knowing its owners: quotes and purchase
 * orders each register theirs from their own door, so neither owner is imported from here.
 */
export type OrderOwner = {
  kind: OrderKind;
  /** The 409 message when a write reaches a read-only order of this kind. */
  readOnlyMessage: string;
  /**
   * After a write to the order's windows, lines or documents, in the write's transaction with
   * the order row locked: move the owner's timestamps and cached totals.
   */
  afterContentsChange(db: Db, accountId: number, orderId: number): Promise<void>;
};

const owners = new Map<OrderKind, OrderOwner>();

/** Registers (or replaces) the owner of one kind of order; called once per kind at start-up. */
export function registerOrderOwner(owner: OrderOwner): void {
  owners.set(owner.kind, owner);
}

/**
 * The owner of a kind of order. Each owner's door registers it when loaded; an unregistered kind
 * fails loudly rather than leave an owner's totals silently stale.
 */
export function ownerOf(kind: OrderKind): OrderOwner {
  const owner = owners.get(kind);
  if (!owner) throw new Error(`No owner is registered for ${kind} orders`);
  return owner;
}
