/**
 * What other modules use from orders (use cases and read models, never its repositories): the credits (granted by
 * payments, taken by photos, counted by enhancement), the completion check after each photo, the OrderLook port
 * (enhancement provides it), the caller's order as photos reads it, and the reads of payments, webhooks and retention.
 */
export { OrdersModule } from './orders.module';
export { CompleteOrderIfDone } from './application/complete-order-if-done.use-case';
export { GetOrder } from './application/get-order.use-case';
export { OrderLook, type RenderedOrderLook } from './ports/order-look';
export { OrderCredits } from './application/order-credits';
export { OwnedOrders } from './application/owned-orders';
export { OrderReceipts } from './application/order-receipts';
export { CompletedOrders } from './application/completed-orders';
export { OrderRetention, orderRetentionProviders } from './application/order-retention';
export type { Purchase } from './persistence/credits.repository';
export type { CompletedOrder } from './persistence/orders.repository';
export { orderNotAccepting, noCredits, orderNotFound, tooManyPhotos } from './domain/order-errors';
export type { OrderStatus, PhotoState } from './domain/order-status';
export { OrderEntity } from './persistence/order.entity';
