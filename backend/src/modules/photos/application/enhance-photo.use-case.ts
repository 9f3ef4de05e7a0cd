import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_ADJUSTMENT_STYLE } from '@listinglens/contracts';
import { AppConfig } from '../../../config/app-config';
import { styleEngine } from '../domain/adjustments';
import { derivedKeys } from '../domain/photo-files';
import { type PhotoEntity } from '../persistence/photo.entity';
import { PhotosRepository } from '../persistence/photos.repository';
import { type JobContext } from '../../../shared/queue/job-definitions';
import { Analytics } from '../../analytics';
import { AppMetrics } from '../../../shared/metrics/app-metrics';
import { DomainEvents } from '../../../shared/events/domain-events';
import { Mailer } from '../../notifications';
import { CompleteOrderIfDone, OrderCredits, OwnedOrders } from '../../orders';
import { ObjectStorage } from '../../storage';
import { EnhancementModel } from '../../enhancement';
import { endsThePhoto } from './ends-the-photo';
import { photoInput } from './photo-input';

/**
 * One uploaded photo (one file, or a bracket's frames the engine merges first) -> enhanced JPEG, preview and
 * thumbnail. Idempotent: outputs go to deterministic keys and the row only moves from uploaded to completed once. A
 * photo the engine refuses, or that the model still fails on the last attempt, is marked failed with its reason and
 * support is told; the order completes without it either way.
 */
@Injectable()
export class EnhancePhoto {
  private readonly logger = new Logger('EnhancePhoto');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly credits: OrderCredits,
    private readonly storage: ObjectStorage,
    private readonly model: EnhancementModel,
    private readonly completeOrderIfDone: CompleteOrderIfDone,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly analytics: Analytics,
    private readonly metrics: AppMetrics,
    private readonly events: DomainEvents,
    private readonly orders: OwnedOrders,
  ) {}

  async execute(photoId: number, context: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
    const photo = await this.photos.findById(this.dataSource.manager, photoId);
    if (!photo || photo.status !== 'uploaded') return;
    await this.photos.countAttempt(this.dataSource.manager, photoId);

    // Every photo of the order is rendered in the look the host chose for it (natural: the learned model's).
    const order = await this.orders.findOwned(this.dataSource.manager, photo.userId, photo.orderId);
    const look = order?.look ?? DEFAULT_ADJUSTMENT_STYLE;
    let result;
    try {
      const input = await photoInput(this.storage, photo);
      const started = Date.now();
      result = await this.model.enhance(input, {
        engine: styleEngine(look),
        look,
        privacyBlur: order?.privacyBlur ?? false,
      });
      const { pipeline, route, engineVersion } = result.report;
      // The route says why a photo took the path it did (a model fallback, say): what an operator asks first.
      this.logger.log({
        msg: `Photo ${photoId} enhanced in ${Date.now() - started} ms (${pipeline}: ${route})`,
        pipeline,
        route,
        engineVersion,
        look,
      });
      this.metrics.observeEnhancement(result.report);
    } catch (err) {
      if (!endsThePhoto(err, context)) throw err;
      await this.markFailed(photo, err instanceof Error ? err.message : String(err));
      return;
    }

    const keys = derivedKeys({ userId: photo.userId, orderId: photo.orderId, photoId: photo.id });
    await this.storage.put(keys.enhanced, result.image, { contentType: 'image/jpeg' });
    await this.storage.put(keys.preview, result.preview, { contentType: 'image/webp' });
    await this.storage.put(keys.thumbnail, result.thumbnail, { contentType: 'image/webp' });
    await this.storage.put(keys.before, result.beforePreview, { contentType: 'image/webp' });

    const completed = await this.dataSource.transaction(async (tx) => {
      const moved = await this.photos.markCompleted(tx, photoId, {
        enhancedPath: keys.enhanced,
        previewPath: keys.preview,
        thumbnailPath: keys.thumbnail,
        beforePreviewPath: keys.before,
        engineVersion: this.model.version,
        report: result.report,
      });
      // One transaction across the two modules: photos' row and orders' credits take the same manager.
      if (moved) await this.credits.recordProcessed(tx, photo.userId);
      return moved;
    });
    if (!completed) return;
    await this.events.publish({ type: 'photo.completed', userId: photo.userId, orderId: photo.orderId, photoId });
    await this.analytics.capture('Photo Processing Complete', String(photo.userId), {
      photoId: photo.id,
      orderId: photo.orderId,
      engineVersion: this.model.version,
    });
    await this.completeOrderIfDone.execute(photo.orderId);
  }

  private async markFailed(photo: PhotoEntity, reason: string): Promise<void> {
    if (!(await this.photos.markFailed(this.dataSource.manager, photo.id, reason))) return;
    this.logger.error(`Photo ${photo.id} of order ${photo.orderId} failed: ${reason}`);
    await this.events.publish({
      type: 'photo.failed',
      userId: photo.userId,
      orderId: photo.orderId,
      photoId: photo.id,
    });
    await this.mailer
      .send({
        to: this.config.mail.supportEmail,
        subject: `Photo ${photo.id} of order ${photo.orderId} could not be enhanced`,
        text: `Photo ${photo.id} (${photo.name ?? 'unnamed'}) of order ${photo.orderId}, user ${photo.userId}, failed after ${photo.attempts + 1} attempt(s).\n\nReason: ${reason}\n\nThe order completes without it; the host sees 'Photo not available'.`,
      })
      .catch((err: unknown) => this.logger.warn(`Support not told about photo ${photo.id}: ${String(err)}`));
    await this.completeOrderIfDone.execute(photo.orderId);
  }
}
