import type { HistoryPage, SupplierMe, SupplierViewOrder } from './api';

/** Answers as the supplier API gives them, for this page's tests. */
export const LINK_ID = 'U3VwcGxpZXJPcmRlckxpbmtJZDEy';

export const meFixture = (over: Partial<SupplierMe> = {}): SupplierMe => ({
  manufacturerId: 5,
  name: 'Acme Blinds',
  kind: 'LINK',
  supplierOrderId: 77,
  ...over,
});

export const orderFixture = (over: Partial<SupplierViewOrder> = {}): SupplierViewOrder => ({
  id: 77,
  orderId: 501,
  manufacturerId: 5,
  manufacturerName: 'Acme Blinds',
  reference: '',
  freight: null,
  eta: null,
  shippingInstructions: 'Leave at the side gate',
  trackingInformation: '',
  tracking: { carrier: '', number: '', url: '' },
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  orderStatusId: 1,
  customerNotes: '',
  acknowledgement: '',
  acknowledgedAt: null,
  rejectionReason: '',
  lineChanges: [],
  context: {
    orderStatus: { id: 1, name: 'Not started', coreStatus: 'UNSTARTED' },
    requiredDate: '2026-12-15',
    shippingAddress: '12 Harbour St\nSydney NSW 2000',
    shippingMethod: { id: 3, name: 'Courier' },
    orderLines: [
      {
        id: 901,
        externalOrderLineId: null,
        manufacturerOrderId: 77,
        windowGroupName: 'House/Lounge/Left',
        productName: 'Roller blind',
        notes: '',
        quantity: 2,
        sellPrice: '120.00',
        configuration: {
          width: '1200 mm',
          height: '1500 mm',
          siteMount: 'INSIDE',
          options: [{ group: 'Fabric', name: 'Linen White' }],
        },
      },
      {
        id: 902,
        externalOrderLineId: null,
        manufacturerOrderId: 77,
        windowGroupName: 'House/Bedroom',
        productName: 'Venetian',
        notes: 'Match the lounge',
        quantity: 1,
        sellPrice: '80.00',
        configuration: { width: '36 3/8 in', height: '48 in', siteMount: '', options: [] },
      },
    ],
  },
  dealerName: 'Shade & Co',
  purchaseOrderNumber: 1042,
  revisionNumber: 1,
  revises: null,
  submittedAt: '2026-11-27T09:00:00.000Z',
  pdfUrl: '/api/supplier/v1/orders/77/pdf',
  statuses: [
    { id: 1, name: 'Not started', coreStatus: 'UNSTARTED' },
    { id: 2, name: 'In production', coreStatus: 'IN_PROGRESS' },
    { id: 4, name: 'Shipped', coreStatus: 'COMPLETED' },
  ],
  ...over,
});

export const historyFixture = (over: Partial<HistoryPage> = {}): HistoryPage => ({
  data: [],
  total: 0,
  ...over,
});
