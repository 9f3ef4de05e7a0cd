import { type EntityManager } from 'typeorm';
import { OrderEntity } from '../../../shared/db/entities';
import { orderNotFound } from '../domain/order-errors';

/** The caller's order, row-locked until the transaction ends, so credit and status changes cannot interleave. */
export async function lockOwnedOrder(em: EntityManager, userId: number, orderId: string): Promise<OrderEntity> {
  const order = await em
    .getRepository(OrderEntity)
    .createQueryBuilder('o')
    .setLock('pessimistic_write')
    .where('o.id = :orderId AND o.user_id = :userId', { orderId, userId })
    .getOne();
  if (!order) throw orderNotFound();
  return order;
}
