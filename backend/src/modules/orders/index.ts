/**
 * What other modules use from orders: the credits (granted by payments, taken by photos, counted by enhancement),
 * the completion after the last photo and the harmonisation before it, and the caller's order as the photos module reads it.
 */
export { OrdersModule } from './orders.module';
export { CompleteOrderIfDone } from './application/complete-order-if-done.use-case';
export { GetOrder } from './application/get-order.use-case';
export { MarkOrderHarmonised } from './application/mark-order-harmonised.use-case';
export { CreditsRepository, type CreditsTaken, type Purchase } from './persistence/credits.repository';
export { OrdersRepository, type CompletedOrder } from './persistence/orders.repository';
export { orderNotAccepting, noCredits, orderNotFound, tooManyPhotos } from './domain/order-errors';
export type { OrderStatus, PhotoState } from './domain/order-status';
export { OrderEntity } from './persistence/order.entity';
