import type {
  OfflineSupplierOrder,
  PurchaseOrder,
  SupplierOrder,
  SupplierOrderHistoryEntry,
} from '@slat/contracts';

/** A submitted order of an online supplier, or (offline) of an offline-only one: what the panels read. */
export function submittedOrder(offline = false): PurchaseOrder {
  return {
    id: 40,
    tuid: 1007,
    manufacturerName: offline ? 'Sunview Shutters & Awnings' : 'Coastline Window Furnishings',
    status: 'SUBMITTED',
    context: {
      supplier: {
        id: offline ? 12 : 11,
        name: offline ? 'Sunview Shutters & Awnings' : 'Coastline Window Furnishings',
        offlineOnly: offline,
        shippingMethods: [
          { id: 3, name: 'Courier', address: null },
          { id: 4, name: 'Pick up — Eagle Farm', address: '7 Depot Rd, Eagle Farm QLD 4009' },
        ],
      },
    },
  } as unknown as PurchaseOrder;
}

export function onlineSupplierOrder(over: Partial<SupplierOrder> = {}): SupplierOrder {
  return {
    id: 9,
    orderId: 40,
    manufacturerId: 11,
    manufacturerName: 'Coastline Window Furnishings',
    reference: 'CW-77',
    freight: '35.00',
    eta: '2026-12-15',
    shippingInstructions: '',
    trackingInformation: 'StarTrack ST123',
    tracking: { carrier: 'StarTrack', number: 'ST123', url: 'https://track.example/ST123' },
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    orderStatusId: 2,
    customerNotes: '',
    acknowledgement: 'ACCEPTED_WITH_CHANGES',
    acknowledgedAt: '2026-11-27T11:00:00.000Z',
    rejectionReason: '',
    lineChanges: [{ orderLineId: 501, quantity: 2, size: '1190 x 1500 mm' }],
    context: {
      orderStatus: { id: 2, name: 'In production', coreStatus: 'IN_PROGRESS' },
      requiredDate: '2026-12-20',
      shippingAddress: '4 Bay St',
      shippingMethod: { id: 3, name: 'Courier' },
      orderLines: [
        {
          id: 501,
          externalOrderLineId: null,
          manufacturerOrderId: 9,
          windowGroupName: 'House/Lounge/Window 1',
          productName: 'Roller blind',
          notes: '',
          quantity: 1,
          sellPrice: '120.00',
          configuration: { width: '1200', height: '1500', siteMount: '', options: [] },
        },
      ],
    },
    ...over,
  };
}

export function offlineSupplierOrder(over: Partial<OfflineSupplierOrder> = {}): OfflineSupplierOrder {
  return {
    id: '57',
    reference: 'SV-1001',
    orderStatus: 'Awaiting fabric',
    requiredDate: null,
    eta: null,
    notes: '',
    shippingMethod: null,
    shippingAddress: '',
    shippingInstructions: '',
    freight: null,
    trackingInformation: '',
    manufacturerId: 12,
    isOffline: true,
    ...over,
  };
}

/** Entries numbered from `from` down, newest first, as the history answers them. */
export function historyEntries(count: number, from: number): SupplierOrderHistoryEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from - i,
    createdAt: '2026-11-27T12:00:00.000Z',
    created_at: '2026-11-27T12:00:00.000Z',
    type: 'order-update' as const,
    employee: { fullName: 'Dana Whitfield' },
    source: 'DEALER' as const,
    changes: [
      { field: 'reference' as const, label: 'Reference', old: `R${from - i - 1}`, new: `R${from - i}` },
    ],
  }));
}
