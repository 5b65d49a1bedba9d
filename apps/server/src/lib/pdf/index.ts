// PDFs: pdfmake document builders (plain data, built on the main thread) and the
// renderer, which runs pdfmake in a piscina worker thread.

export { formatPdfMoney, type PdfCompany, type PdfCustomer, type PdfDocument, type PdfLine } from './layout';
export { limiter } from './limit';
export {
  type PurchaseOrderPdfChange,
  type PurchaseOrderPdfData,
  type PurchaseOrderPdfLine,
  purchaseOrderDocument,
} from './purchase-order-document';
export { type QuotePdfData, type QuotePdfLine, quoteDocument } from './quote-document';
export { closePdfRenderer, renderPdf } from './renderer';
export { installSheetDocument, measureSheetDocument, type SiteSheetData } from './site-sheets';
