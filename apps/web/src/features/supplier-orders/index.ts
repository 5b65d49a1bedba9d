// The supplier orders feature's public door: the order page's panels and the live stream the dashboard listens to.
import './strings';

export { useSupplierOrderStream } from './api/live-updates';
export { SupplierOrderPanels } from './components/supplier-order-panels';
