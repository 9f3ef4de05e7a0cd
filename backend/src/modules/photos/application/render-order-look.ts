import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { reportObject } from '../../../shared/delivery/report-fields';
import { OrderLook, type RenderedOrderLook } from '../../orders';
import { derivedKeys } from '../domain/photo-files';
import { type PhotoEntity } from '../persistence/photo.entity';
import { PhotosRepository } from '../persistence/photos.repository';
import { ObjectNotFoundError, ObjectStorage } from '../../storage';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { isEnhancementError, type Look, planHarmonisation } from '@listinglens/engine';
import { EnhancementModel, type HarmonisationRequest } from '../../enhancement';
import { adjustedByHost, deliveredLook, photoHarmonisation } from './delivered-look';
import { dropReplacedFiles } from './drop-replaced-files';

/**
 * An order is one property: once every photo is enhanced on its own, their exposure and white point are brought
 * within a small spread of each other (the engine's planHarmonisation), each corrected photo written as a new set of
 * files (enhancement's EnhancementModel renders them). The orders module's OrderLook port: orders decides when an
 * order is rendered and records what this reports. A photo the engine cannot correct keeps its own look; storage and database outages throw, so orders'
 * job is retried and the order completes harmonised or, for photos at fault, without them.
 */
@Injectable()
export class RenderOrderLook extends OrderLook {
  private readonly logger = new Logger('RenderOrderLook');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly storage: ObjectStorage,
    private readonly model: EnhancementModel,
  ) {
    super();
  }

  async render(orderId: string, style: AdjustmentStyle): Promise<RenderedOrderLook> {
    const tx = this.dataSource.manager;
    const candidates = (await this.photos.deliveredOfOrder(tx, orderId)).flatMap((photo) => {
      const look = deliveredLook(photo.enhancementReport);
      return look && !adjustedByHost(photo.enhancementReport) ? [{ photo, look }] : [];
    });
    // Matched within the order's look: a warm order's white point is centred on warm, not pulled back to neutral.
    const plan = planHarmonisation(
      candidates.map((c) => c.look),
      style,
    );

    let matched = 0;
    let corrected = 0;
    for (const [index, { photo, look }] of candidates.entries()) {
      const planned = plan.photos[index];
      if (!planned.matched) continue;
      const already = photoHarmonisation(photo.enhancementReport) !== undefined;
      if (planned.correction && !already) {
        if (!(await this.correct(photo, look, planned))) continue;
        corrected++;
      }
      matched++;
    }
    return { userId: candidates[0]?.photo.userId, planned: Boolean(plan.target), matched, corrected };
  }

  /** Writes one photo's corrected files and points the photo at them; false when the photo is left as it was. */
  private async correct(photo: PhotoEntity, look: Look, planned: HarmonisationRequest): Promise<boolean> {
    if (!photo.enhancedPath) return false;
    let result;
    try {
      result = await this.model.harmonise(await this.storage.getBuffer(photo.enhancedPath), planned);
    } catch (err) {
      // The photo's own fault (its file gone, the engine refusing it) leaves it unmatched; outages are retried.
      if (!(err instanceof ObjectNotFoundError) && !isEnhancementError(err)) throw err;
      this.logger.warn(`Photo ${photo.id} keeps its own look: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
    const keys = derivedKeys({ userId: photo.userId, orderId: photo.orderId, photoId: photo.id }, 'harmonised');
    await this.storage.put(keys.enhanced, result.image, { contentType: 'image/jpeg' });
    await this.storage.put(keys.preview, result.preview, { contentType: 'image/webp' });
    await this.storage.put(keys.thumbnail, result.thumbnail, { contentType: 'image/webp' });

    const report = reportObject(photo.enhancementReport) ?? {};
    const replaced = await this.photos.replaceEnhanced(
      this.dataSource.manager,
      photo.id,
      {
        enhancedPath: keys.enhanced,
        previewPath: keys.preview,
        thumbnailPath: keys.thumbnail,
        engineVersion: photo.engineVersion ?? this.model.version,
        report: {
          ...report,
          after: { ...reportObject(report.after), ...result.after },
          harmonisation: { look, correction: result.correction },
        },
      },
      photo.enhancedPath,
    );
    await dropReplacedFiles(this.storage, this.logger, photo, [keys.enhanced, keys.preview, keys.thumbnail], replaced);
    return replaced;
  }
}
