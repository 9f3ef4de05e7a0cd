import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type DomainEvents } from '../../../shared/events/domain-events';
import { type JobQueue } from '../../../shared/queue/job-queue';
import { type Analytics } from '../../analytics';
import { type OrdersRepository } from '../persistence/orders.repository';
import { CompleteOrderIfDone } from './complete-order-if-done.use-case';

/** With strict fakes: an order whose photos are all done but not yet harmonised queues that and does not complete. */
describe('CompleteOrderIfDone', () => {
  const tx = transactionHandle('tx');
  const dataSource = strictFake<DataSource>('dataSource', {
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });
  const orders = strictFake<OrdersRepository>('orders', { completeIfDone: async () => 'harmonise' });
  const setUp = (enqueue: JobQueue['enqueue']) =>
    new CompleteOrderIfDone(
      dataSource,
      orders,
      strictFake<JobQueue>('queue', { enqueue }),
      strictFake<Analytics>('analytics'),
      strictFake<DomainEvents>('events'),
    );

  it('queues the harmonisation once per order (by job id) instead of completing', async () => {
    const enqueue = jest.fn(async () => undefined);
    expect(await setUp(enqueue).execute('ord_1')).toBe(false);
    expect(enqueue).toHaveBeenCalledWith('orders.harmonise', { orderId: 'ord_1' }, { jobId: 'harmonise-ord_1' });
  });

  it('does not fail the photo that finished last when the queue is away: the reconciler queues it later', async () => {
    const enqueue = jest.fn(async () => {
      throw new Error('Redis away');
    });
    await expect(setUp(enqueue).execute('ord_1')).resolves.toBe(false);
  });
});
