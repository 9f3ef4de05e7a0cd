import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { Analytics } from '../../analytics';
import { Clock } from '../../auth';
import { OwnedOrders } from '../../orders';
import {
  adjustmentInProgress,
  adjustmentRefusal,
  deliveredAt,
  type RequestedSettings,
  sameSettings,
} from '../domain/adjustments';
import { type PhotoAdjustmentEntity } from '../persistence/photo-adjustment.entity';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';
import { PhotosRepository } from '../persistence/photos.repository';
import { photoNotAvailable } from './open-photo-file.use-case';

export interface RequestedAdjustment {
  adjustment: PhotoAdjustmentEntity;
  /** False when the same request was already queued: nothing new was queued (idempotent). */
  created: boolean;
}

/**
 * A host asks for a delivered photo to be rendered again from its original with other settings. Decided under the
 * order's row lock, so two requests at once cannot both pass the allowance; the same request twice queues once.
 */
@Injectable()
export class RequestPhotoAdjustment {
  private readonly logger = new Logger('RequestPhotoAdjustment');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly adjustments: AdjustmentsRepository,
    private readonly orders: OwnedOrders,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly analytics: Analytics,
  ) {}

  async execute(userId: number, photoId: number, requestedSettings: RequestedSettings): Promise<RequestedAdjustment> {
    const requested = await this.dataSource.transaction(async (tx) => {
      const photo = await this.photos.findOwned(tx, userId, photoId);
      if (!photo) throw photoNotAvailable();
      const order = await this.orders.lockOwned(tx, userId, photo.orderId);
      // Without a word on the blur the order's choice holds: an adjusted photo of a blurred order stays blurred.
      const settings = { ...requestedSettings, privacyBlur: requestedSettings.privacyBlur ?? order.privacyBlur };
      const queued = await this.adjustments.findQueued(tx, photoId);
      if (queued) {
        if (sameSettings(queued, settings)) return { adjustment: queued, created: false };
        throw adjustmentInProgress();
      }
      const refusal = adjustmentRefusal({
        status: photo.status,
        purged: Boolean(photo.purgedAt),
        deliveredAt: deliveredAt(photo, order),
        now: this.clock.now(),
        packageType: order.packageType,
        used: await this.adjustments.countUsed(tx, photoId),
      });
      if (refusal) throw refusal;
      return { adjustment: await this.adjustments.create(tx, photoId, userId, settings), created: true };
    });
    if (!requested.created) return requested;

    const { adjustment } = requested;
    // Queued after the commit; if this fails the row stays queued and the reconciler queues it at the next start.
    await this.queue
      .enqueue('photos.adjust', { adjustmentId: adjustment.id }, { jobId: `adjustment-${adjustment.id}` })
      .catch((err: unknown) => this.logger.warn(`Adjustment ${adjustment.id} not queued yet: ${String(err)}`));
    await this.analytics.capture('Photo Adjustment Requested', String(userId), {
      photoId,
      adjustmentId: adjustment.id,
      style: adjustment.style,
      brightness: adjustment.brightness,
      warmth: adjustment.warmth,
      straighten: adjustment.straighten,
      privacyBlur: adjustment.privacyBlur,
    });
    return requested;
  }
}
