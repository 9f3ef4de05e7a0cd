import { recordingModel } from '../../../../test/fakes/enhancement-model';
import { fakeDataSource, strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type Analytics } from '../../analytics';
import { type EnhancementRequest } from '../../enhancement/ports/enhancement-model';
import { type ObjectStorage } from '../../storage';
import { type AdjustmentSettings } from '../domain/adjustments';
import { type AdjustmentsRepository } from '../persistence/adjustments.repository';
import { type PhotoAdjustmentEntity } from '../persistence/photo-adjustment.entity';
import { type PhotoEntity } from '../persistence/photo.entity';
import { type PhotosRepository } from '../persistence/photos.repository';
import { AdjustPhoto } from './adjust-photo.use-case';

/**
 * The style a host picks decides the rendering: `natural` is the learned model's look, so its adjustment asks the
 * enhancement model for the learned engine (with the host's steps); the other styles are changes to the configured
 * default rendering and name no engine. Strict fakes: any port call the test did not expect fails it.
 */
describe('AdjustPhoto renders each style with its engine', () => {
  const manager = transactionHandle('manager');
  const tx = transactionHandle('tx');
  const photo = {
    id: 42,
    userId: 7,
    orderId: 'ord_1',
    status: 'completed',
    purgedAt: null,
    originalPath: 'originals/7/ord_1/42-original.jpg',
    enhancedPath: 'enhanced/7/ord_1/42-enhanced.jpg',
    previewPath: 'previews/7/ord_1/42-preview.webp',
    thumbnailPath: 'thumbnails/7/ord_1/42-thumb.webp',
    enhancementReport: { corrections: {} },
  } as unknown as PhotoEntity;

  async function adjust(
    settings: Omit<AdjustmentSettings, 'straighten' | 'privacyBlur'> & { privacyBlur?: boolean },
  ): Promise<EnhancementRequest[]> {
    const adjustment = {
      id: 5,
      photoId: photo.id,
      status: 'queued',
      straighten: true,
      privacyBlur: false,
      ...settings,
    };
    const { model, requests } = recordingModel({
      image: Buffer.from('jpeg'),
      preview: Buffer.from('p'),
      thumbnail: Buffer.from('t'),
      report: {},
    });
    const useCase = new AdjustPhoto(
      fakeDataSource(manager, tx),
      strictFake<PhotosRepository>('photos', {
        findById: async () => photo,
        replaceEnhanced: async () => true,
      }),
      strictFake<AdjustmentsRepository>('adjustments', {
        findById: async () => adjustment as PhotoAdjustmentEntity,
        countAttempt: async () => undefined,
        finish: async () => undefined,
      }),
      strictFake<ObjectStorage>('storage', {
        getBuffer: async () => Buffer.from('original'),
        put: async () => ({ size: 1 }),
        delete: async () => undefined,
      }),
      model,
      strictFake<Analytics>('analytics', { capture: async () => undefined }),
    );
    await useCase.execute(adjustment.id, { attempt: 1, maxAttempts: 3 });
    return requests;
  }

  it('asks for the learned engine for a natural adjustment, with the same steps', async () => {
    expect(await adjust({ style: 'natural', brightness: 1, warmth: -2 })).toEqual([
      {
        engine: 'learned',
        adjustments: { style: 'natural', brightness: 1, warmth: -2 },
        correctVerticals: true,
        harmonise: undefined,
        privacyBlur: false,
      },
    ]);
  });

  it('makes the photo again with the privacy blur the adjustment asks for, on or off', async () => {
    expect((await adjust({ style: 'listing', brightness: 0, warmth: 0, privacyBlur: true }))[0].privacyBlur).toBe(true);
    expect((await adjust({ style: 'listing', brightness: 0, warmth: 0, privacyBlur: false }))[0].privacyBlur).toBe(
      false,
    );
  });

  it.each(['listing', 'bright-airy', 'warm'] as const)(
    'leaves a %s adjustment to the configured default engine',
    async (style) => {
      const [request] = await adjust({ style, brightness: 2, warmth: 0 });
      expect(request.engine).toBeUndefined();
      expect(request.adjustments).toEqual({ style, brightness: 2, warmth: 0 });
    },
  );
});
