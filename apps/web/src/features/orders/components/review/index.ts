// The Review order modal, mounted by the order detail page's Review button.
export { ReviewOrderModal } from './review-order-modal';
