import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Analytics } from '../../analytics';
import { Clock } from '../../auth';
import { DeliveredPhotos, photoNotAvailable } from '../../photos';
import { type RatingInput } from '../domain/rating-rules';
import { type PhotoRatingEntity } from '../persistence/photo-rating.entity';
import { RatingsRepository } from '../persistence/ratings.repository';

export interface RatedPhoto {
  rating: PhotoRatingEntity;
  /** True for the photo's first rating; false when it replaced one (or repeated it). */
  created: boolean;
}

/**
 * A host rates one of their delivered photos ("How did we do?"); rating again replaces the score and note. Any other
 * photo (someone else's, one still being enhanced, failed or purged) is answered like a missing one. The photo is
 * held against the purge while the rating is written, so a rating never outlives its photo's files.
 */
@Injectable()
export class RatePhoto {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: DeliveredPhotos,
    private readonly ratings: RatingsRepository,
    private readonly clock: Clock,
    private readonly analytics: Analytics,
  ) {}

  async execute(userId: number, photoId: number, input: RatingInput): Promise<RatedPhoto> {
    const { rating, created, changed } = await this.dataSource.transaction(async (tx) => {
      const photo = await this.photos.findOwned(tx, userId, photoId, true);
      if (!photo) throw photoNotAvailable();
      return this.ratings.upsert(
        tx,
        {
          photoId,
          userId,
          orderId: photo.orderId,
          score: input.score,
          note: input.note,
          engineVersion: photo.engineVersion,
          style: photo.style,
        },
        this.clock.now(),
      );
    });
    // The note stays out of analytics: it is the host's own words, kept only with the photo (and purged with it).
    if (changed) {
      await this.analytics.capture('Photo Rated', String(userId), {
        photoId,
        orderId: rating.orderId,
        score: rating.score,
        hasNote: rating.note !== null,
        rerated: !created,
        engineVersion: rating.engineVersion,
        style: rating.style,
      });
    }
    return { rating, created };
  }
}
