import { type EntityManager } from 'typeorm';

/**
 * Whether a user has bought anything, which sign-in answers (the client lands on the dashboard or the packages).
 * The orders module owns the orders table and provides this; auth declares it, because orders already depends on
 * auth (its guard) and auth importing orders would close a cycle.
 */
export abstract class OrderHistory {
  abstract hasOrders(tx: EntityManager, userId: number): Promise<boolean>;
}
