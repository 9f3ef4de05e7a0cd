export { OrderCompleted } from './components/order-completed';
export { OrderNotice } from './components/order-notice';
export { OrderPending } from './components/order-pending';
export { OrderUploadSection } from './components/order-upload-section';
export { type OrderDetails, type OrderPhoto, useOrder } from './api/get-order';
