import type { OrderLine, OrderSupplier, PurchaseOrder } from '@slat/contracts';

/** Suppliers like the demo's: online, offline-only, internal. */
export const suppliers = {
  online: {
    id: 11,
    name: 'Coastline Window Furnishings',
    email: 'orders@coastline.example',
    offlineOnly: false,
    isInternal: false,
    defaultShippingMethodId: 2,
    shippingMethods: [
      { id: 1, name: 'Pick up from depot', address: '1 Depot Rd, Botany NSW 2019' },
      { id: 2, name: 'Road freight', address: null },
    ],
  },
  offline: {
    id: 12,
    name: 'Sunview Shutters & Awnings',
    email: 'sales@sunview.example',
    offlineOnly: true,
    isInternal: false,
    defaultShippingMethodId: null,
    shippingMethods: [{ id: 3, name: 'Courier', address: null }],
  },
  internal: {
    id: 13,
    name: 'Harbour Workroom',
    email: 'workroom@harbour.example',
    offlineOnly: false,
    isInternal: true,
    defaultShippingMethodId: null,
    shippingMethods: [],
  },
} satisfies Record<string, OrderSupplier>;

export function makeLine(over: { id?: number; errors?: OrderLine['context']['errors'] } = {}): OrderLine {
  return {
    id: over.id ?? 1,
    windowGroupName: 'House/Lounge/Window 1',
    quantity: 1,
    context: {
      errors: over.errors ?? [],
      product: { id: 5, name: 'Roller Blind' },
    },
  } as unknown as OrderLine;
}

export function makeOrder(
  over: {
    supplier?: OrderSupplier;
    minRequiredDate?: string | null;
    lines?: OrderLine[];
    totalQuantity?: number;
    pendingUpdates?: boolean;
  } = {},
): PurchaseOrder {
  const supplier = over.supplier ?? suppliers.online;
  const lines = over.lines ?? [makeLine()];
  return {
    id: 40,
    tuid: 1007,
    revisionNumber: 0,
    manufacturerId: supplier.id,
    manufacturerName: supplier.name,
    sidemark: 'Smith',
    createdAt: '2026-11-20T10:00:00.000Z',
    isArchived: false,
    isReadOnly: false,
    salesRep: null,
    salesRepOverride: null,
    employeeId: null,
    customerDetails: '',
    notes: '',
    status: 'OPEN',
    totalCost: '120.00',
    freight: null,
    totalQuantity: over.totalQuantity ?? 1,
    orderLineCount: lines.length,
    submittedAt: null,
    requiredDate: null,
    sourceQuote: null,
    shippingMethodId: null,
    shippingAddress: '',
    shippingInstructions: '',
    context: {
      minRequiredDate: over.minRequiredDate === undefined ? '2030-03-10' : over.minRequiredDate,
      orderDocument: null,
      parentOrder: null,
      latestRevision: null,
      pendingUpdates: {
        hasPendingUpdates: over.pendingUpdates ?? false,
        orderUpdates: {
          hasSurchargesUpdates: false,
          hasFreightUpdates: false,
          hasInstallationUpdates: false,
        },
        products: [],
      },
      orderLines: lines,
      errorLineCount: lines.filter((line) => line.context.errors.length > 0).length,
      revisionChanges: [],
      supplier,
      manufacturerOrders: [],
      offlineManufacturerOrders: [],
      measureSystem: 'METRIC',
      defaults: {
        deliveryAddress: '12 Harbour St, Sydney NSW 2000',
        shippingInstructions: 'Leave at the back door',
      },
    },
  };
}
