import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type JobContext } from '../../../shared/queue/job-definitions';
import { Analytics } from '../../analytics';
import { styleEngine } from '../domain/adjustments';
import { derivedKeys } from '../domain/photo-files';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';
import { PhotosRepository } from '../persistence/photos.repository';
import { ObjectStorage } from '../../storage';
import { EnhancementModel } from '../../enhancement';
import { dropReplacedFiles } from './drop-replaced-files';
import { endsThePhoto } from './ends-the-photo';
import { photoInput } from './photo-input';
import { photoHarmonisation } from './delivered-look';

/**
 * Renders a delivered photo again from its original with the host's adjustment. The new files get keys of their
 * own; the photo row moves to them in one statement, so the host sees the previous version until the new one is
 * ready, and the previous files are deleted only after that (a crash in between leaves them to the orphan sweep).
 */
@Injectable()
export class AdjustPhoto {
  private readonly logger = new Logger('AdjustPhoto');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly adjustments: AdjustmentsRepository,
    private readonly storage: ObjectStorage,
    private readonly model: EnhancementModel,
    private readonly analytics: Analytics,
  ) {}

  async execute(adjustmentId: number, context: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
    const tx = this.dataSource.manager;
    const adjustment = await this.adjustments.findById(tx, adjustmentId);
    if (!adjustment || adjustment.status !== 'queued') return;
    const photo = await this.photos.findById(tx, adjustment.photoId);
    if (!photo || photo.status !== 'completed' || photo.purgedAt) {
      await this.adjustments.finish(tx, adjustmentId, {
        status: 'failed',
        reason: 'The photo is no longer available.',
      });
      return;
    }
    await this.adjustments.countAttempt(tx, adjustmentId);

    // Adjusted from the order's look, not away from it: the photo's harmonisation is rendered again with it.
    const harmonisation = photoHarmonisation(photo.enhancementReport);
    let result;
    try {
      result = await this.model.enhance(await photoInput(this.storage, photo), {
        engine: styleEngine(adjustment.style),
        adjustments: { style: adjustment.style, brightness: adjustment.brightness, warmth: adjustment.warmth },
        correctVerticals: adjustment.straighten,
        harmonise: harmonisation?.correction,
        privacyBlur: adjustment.privacyBlur,
      });
    } catch (err) {
      // As for a first enhancement: only the photo's own fault ends the adjustment; outages are retried.
      if (!endsThePhoto(err, context)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      await this.adjustments.finish(tx, adjustmentId, { status: 'failed', reason });
      this.logger.error(`Adjustment ${adjustmentId} of photo ${photo.id} failed: ${reason}`);
      return;
    }

    const owner = { userId: photo.userId, orderId: photo.orderId, photoId: photo.id };
    const keys = derivedKeys(owner, adjustmentId);
    await this.storage.put(keys.enhanced, result.image, { contentType: 'image/jpeg' });
    await this.storage.put(keys.preview, result.preview, { contentType: 'image/webp' });
    await this.storage.put(keys.thumbnail, result.thumbnail, { contentType: 'image/webp' });

    const replaced = await this.dataSource.transaction(async (em) => {
      const moved = await this.photos.replaceEnhanced(em, photo.id, {
        enhancedPath: keys.enhanced,
        previewPath: keys.preview,
        thumbnailPath: keys.thumbnail,
        engineVersion: this.model.version,
        report: harmonisation ? { ...result.report, harmonisation } : result.report,
      });
      await this.adjustments.finish(
        em,
        adjustmentId,
        moved ? { status: 'completed' } : { status: 'failed', reason: 'The photo is no longer available.' },
      );
      return moved;
    });
    await dropReplacedFiles(this.storage, this.logger, photo, [keys.enhanced, keys.preview, keys.thumbnail], replaced);
    if (!replaced) return;
    this.logger.log(`Photo ${photo.id} adjusted (adjustment ${adjustmentId}, ${adjustment.style})`);
    await this.analytics.capture('Photo Adjustment Complete', String(photo.userId), {
      photoId: photo.id,
      adjustmentId,
      orderId: photo.orderId,
    });
  }
}
