import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type OrderEntity } from '../persistence/order.entity';
import { type PhotoState } from '../domain/order-status';
import { type OrdersRepository } from '../persistence/orders.repository';
import { UpdateOrderStatus } from './update-order-status.use-case';

/** PATCH with strict fakes: the use case may lock, read photo states and set the status, and nothing else. */
describe('UpdateOrderStatus', () => {
  const tx = transactionHandle('tx');
  const dataSource = strictFake<DataSource>('dataSource', {
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });

  function setUp(order: Partial<OrderEntity>, photoStates: PhotoState[]) {
    const setStatus = jest.fn(async () => undefined);
    const orders = strictFake<OrdersRepository>('orders', {
      lockOwned: async (em: EntityManager, userId: number, orderId: string) => {
        expect([em, userId, orderId]).toEqual([tx, 7, 'ord_1']);
        return { id: 'ord_1', userId: 7, ...order } as OrderEntity;
      },
      photoStates: async () => photoStates,
      setStatus,
    });
    return { useCase: new UpdateOrderStatus(dataSource, orders), setStatus };
  }

  it('moves a fully uploaded new order to pending', async () => {
    const { useCase, setStatus } = setUp({ status: 'new', photosRemaining: 0 }, ['uploaded', 'uploaded']);
    await useCase.execute(7, 'ord_1', 'pending');
    expect(setStatus).toHaveBeenCalledWith(tx, expect.objectContaining({ id: 'ord_1' }), 'pending');
  });

  it('refuses a step the photos do not justify, writing nothing', async () => {
    const { useCase, setStatus } = setUp({ status: 'pending', photosRemaining: 0 }, ['completed', 'uploaded']);
    await expect(useCase.execute(7, 'ord_1', 'completed')).rejects.toMatchObject({
      code: 'ORDER_STATUS_CONFLICT',
      message: 'This order cannot be moved to completed yet.',
    });
    expect(setStatus).not.toHaveBeenCalled();
  });

  it('answers the order as it is when asked for its own status, writing nothing', async () => {
    const { useCase, setStatus } = setUp({ status: 'new', photosRemaining: 3 }, []);
    await expect(useCase.execute(7, 'ord_1', 'new')).resolves.toMatchObject({ status: 'new' });
    expect(setStatus).not.toHaveBeenCalled();
  });
});
