import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type OrderEntity } from '../../orders';
import { type JobQueue } from '../../../shared/queue/job-queue';
import { type OrderCredits, type OrderReceipts, type Purchase } from '../../orders';
import { getPackage } from '@listinglens/contracts';
import { type LedgerRepository } from '../persistence/ledger.repository';
import { type PaymentGateway, type PaymentIntentSnapshot } from '../ports/payment-gateway';
import { FulfilPayment } from './fulfil-payment.use-case';

/** Credits are granted once per payment, through the orders module, in the transaction that records the payment. */
describe('FulfilPayment grants credits once', () => {
  const tx = transactionHandle('tx');
  const manager = transactionHandle('manager');
  const dataSource = strictFake<DataSource>('dataSource', {
    manager,
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });
  const pkg = getPackage('standard');
  const payment: PaymentIntentSnapshot = {
    id: 'pi_1',
    status: 'succeeded',
    amount: pkg.price,
    currency: pkg.currency,
    packageType: 'standard',
    userId: 7,
  } as PaymentIntentSnapshot;

  function setUp(ledgerId: number | null, paid: PaymentIntentSnapshot = payment) {
    const granted: [EntityManager, Purchase][] = [];
    const linked: unknown[] = [];
    const enqueued: unknown[] = [];
    let stored: OrderEntity | null = null;
    const orders = strictFake<OrderReceipts>('orders', {
      findByPaymentIntent: async (em: EntityManager) => {
        expect(em).toBe(manager);
        return stored;
      },
    });
    const credits = strictFake<OrderCredits>('credits', {
      grant: async (em: EntityManager, purchase: Purchase) => {
        granted.push([em, purchase]);
        stored = { id: purchase.orderId, userId: purchase.userId } as OrderEntity;
      },
    });
    const ledger = strictFake<LedgerRepository>('ledger', {
      recordOnce: async () => {
        if (ledgerId === null) stored = { id: 'ord_other', userId: 7 } as OrderEntity;
        return ledgerId;
      },
      linkOrder: async (...args: unknown[]) => void linked.push(args),
    });
    const gateway = strictFake<PaymentGateway>('gateway', { retrievePaymentIntent: async () => paid });
    const queue = strictFake<JobQueue>('queue', { enqueue: async (...args: unknown[]) => void enqueued.push(args) });
    const useCase = new FulfilPayment(gateway, dataSource, ledger, orders, credits, queue);
    return { useCase, granted, linked, enqueued };
  }

  it("grants the package's credits with its new order and links the ledger row to it", async () => {
    const { useCase, granted, linked, enqueued } = setUp(41);
    const result = await useCase.execute({ paymentIntentId: 'pi_1', callerId: 7 });
    expect(granted).toEqual([
      [
        tx,
        {
          orderId: result.orderId,
          userId: 7,
          packageId: 'standard',
          amount: pkg.price,
          photos: pkg.photos,
          paymentIntentId: 'pi_1',
          // The intent names no look (one made before looks existed): the order gets the default.
          look: 'listing',
        },
      ],
    ]);
    expect(linked).toEqual([[tx, 41, result.orderId]]);
    expect(enqueued).toEqual([
      ['payments.purchase-receipt', { orderId: result.orderId }, { jobId: `receipt-${result.orderId}` }],
    ]);
  });

  it.each([
    ['warm', 'warm'],
    ['bright-airy', 'bright-airy'],
    ['sepia', 'listing'],
  ])('writes the order in the look the intent recorded (%s -> %s)', async (recorded, look) => {
    const { useCase, granted } = setUp(41, { ...payment, look: recorded });
    await useCase.execute({ paymentIntentId: 'pi_1', callerId: 7 });
    expect(granted.map(([, purchase]) => purchase.look)).toEqual([look]);
  });

  it('grants nothing when another call already recorded the payment, and answers with that order', async () => {
    const { useCase, granted, linked, enqueued } = setUp(null);
    await expect(useCase.execute({ paymentIntentId: 'pi_1', callerId: 7 })).resolves.toEqual({
      orderId: 'ord_other',
      redirectUrl: '/order?order=ord_other',
    });
    expect(granted).toEqual([]);
    expect(linked).toEqual([]);
    expect(enqueued).toEqual([]);
  });
});
