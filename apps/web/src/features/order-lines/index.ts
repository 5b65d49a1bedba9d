// The shared order-lines feature's door: the parts quotes and purchase orders both show (the line
// list, the product screen with its options frame, the supplier price changes banner). Each owner
// passes its order as an OrderView (order-view.ts); this feature imports neither owner.
import './strings';

export { orderDocumentKeys, orderDocumentsQueryOptions } from './api/documents';
export { useAddProduct, useUpdateLine } from './api/order-lines';
export { productDetailQueryOptions, productKeys, productTreeQueryOptions } from './api/products';
export {
  notifyOrderLinesError,
  orderLineKeys,
  orderWindowsQueryOptions,
  refreshOrderLines,
  useUpdateNow,
  useWindowActions,
} from './api/windows';
export {
  anyLineErrors,
  formatPrice,
  groupWindows,
  lineErrorCodes,
  lineOptionNames,
  lineSize,
  shownSellPrice,
  type WindowBlock,
  type WindowGroup,
  windowsOf,
} from './components/line-groups';
export { ButtonLink, LineList } from './components/line-list';
export { OrderAttachments } from './components/order-attachments';
export {
  changedProductsText,
  PendingUpdatesBanner,
  RecalculateMenuItem,
  useUpdateNowAction,
} from './components/pending-updates';
export { ProductCrumbs, ProductScreenPage } from './components/product-screen';
export { type OrderView, type PendingUpdates, type PriceConfig, withLine } from './order-view';
export { productScreenSearchSchema, windowIdOf } from './product-search';
