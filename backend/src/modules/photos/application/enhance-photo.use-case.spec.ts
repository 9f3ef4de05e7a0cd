import { type EntityManager } from 'typeorm';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { recordingModel } from '../../../../test/fakes/enhancement-model';
import { fakeDataSource, strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type AppConfig } from '../../../config/app-config';
import { type DomainEvents } from '../../../shared/events/domain-events';
import { type AppMetrics } from '../../../shared/metrics/app-metrics';
import { type Analytics } from '../../analytics';
import { type EnhancementRequest } from '../../enhancement/ports/enhancement-model';
import { type Mailer } from '../../notifications';
import { type CompleteOrderIfDone, type OrderCredits, type OrderEntity, type OwnedOrders } from '../../orders';
import { type ObjectStorage } from '../../storage';
import { type PhotoEntity } from '../persistence/photo.entity';
import { type PhotosRepository } from '../persistence/photos.repository';
import { EnhancePhoto } from './enhance-photo.use-case';

/**
 * Every photo of an order is rendered in the look the host chose for it: the job reads the order's look and asks the
 * enhancement model for it (`natural` is the learned model's rendering, so it also asks for that engine). Strict
 * fakes: any port call the test did not expect fails it.
 */
describe('EnhancePhoto renders the photo in its order’s look', () => {
  const manager = transactionHandle('manager');
  const tx = transactionHandle('tx');
  const photo = {
    id: 42,
    userId: 7,
    orderId: 'ord_1',
    status: 'uploaded',
    name: 'room.jpg',
    attempts: 0,
    originalPath: 'originals/7/ord_1/42-original.jpg',
    framePaths: null,
  } as unknown as PhotoEntity;

  async function enhanceIn(order: Pick<OrderEntity, 'look' | 'privacyBlur'> | null): Promise<EnhancementRequest[]> {
    const { model, requests } = recordingModel({
      image: Buffer.from('j'),
      preview: Buffer.from('p'),
      thumbnail: Buffer.from('t'),
      beforePreview: Buffer.from('b'),
      report: { pipeline: 'listing', route: 'listing look', engineVersion: 'test' },
    });
    const useCase = new EnhancePhoto(
      fakeDataSource(manager, tx),
      strictFake<PhotosRepository>('photos', {
        findById: async () => photo,
        countAttempt: async () => undefined,
        markCompleted: async () => true,
      }),
      strictFake<OrderCredits>('credits', { recordProcessed: async () => undefined }),
      strictFake<ObjectStorage>('storage', {
        getBuffer: async () => Buffer.from('original'),
        put: async () => ({ size: 1 }),
      }),
      model,
      strictFake<CompleteOrderIfDone>('completeOrderIfDone', { execute: async () => undefined }),
      strictFake<Mailer>('mailer'),
      strictFake<AppConfig>('config'),
      strictFake<Analytics>('analytics', { capture: async () => undefined }),
      strictFake<AppMetrics>('metrics', { observeEnhancement: () => undefined }),
      strictFake<DomainEvents>('events', { publish: async () => undefined }),
      strictFake<OwnedOrders>('orders', {
        findOwned: async (em: EntityManager, userId: number, orderId: string) => {
          expect([em, userId, orderId]).toEqual([manager, photo.userId, photo.orderId]);
          return order as OrderEntity | null;
        },
      }),
    );
    await useCase.execute(photo.id, { attempt: 1, maxAttempts: 3 });
    return requests;
  }

  it.each(['listing', 'bright-airy', 'warm'] as AdjustmentStyle[])(
    'asks for the %s look with the configured default engine',
    async (look) => {
      expect(await enhanceIn({ look, privacyBlur: false })).toEqual([{ engine: undefined, look, privacyBlur: false }]);
    },
  );

  it('asks for the learned engine for a natural order, as a natural adjustment does', async () => {
    expect(await enhanceIn({ look: 'natural', privacyBlur: false })).toEqual([
      { engine: 'learned', look: 'natural', privacyBlur: false },
    ]);
  });

  it('asks for the privacy blur when the order has it', async () => {
    expect(await enhanceIn({ look: 'warm', privacyBlur: true })).toEqual([
      { engine: undefined, look: 'warm', privacyBlur: true },
    ]);
  });

  it('renders in the default listing look when the order cannot be read', async () => {
    expect(await enhanceIn(null)).toEqual([{ engine: undefined, look: 'listing', privacyBlur: false }]);
  });
});
