import { z } from 'zod';

/**
 * The supplier order core statuses (§3 Supplier order). Its own file: a deal card shows them, and
 * the board should not load the purchase-order contracts to know five names.
 */
export const supplierCoreStatusSchema = z.enum([
  'UNSTARTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'COMPLETED',
  'CANCELLED',
]);
export type SupplierCoreStatus = z.infer<typeof supplierCoreStatusSchema>;
