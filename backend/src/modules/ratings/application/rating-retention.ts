import { Injectable } from '@nestjs/common';
import { RatingsRepository } from '../persistence/ratings.repository';

/** What retention does to ratings: a photo's rating (its note is the host's words) goes when its files are purged. */
@Injectable()
export class RatingRetention {
  constructor(private readonly repository: RatingsRepository) {}

  deleteForPhotos(
    ...args: Parameters<RatingsRepository['deleteForPhotos']>
  ): ReturnType<RatingsRepository['deleteForPhotos']> {
    return this.repository.deleteForPhotos(...args);
  }
}

/** What a Nest context needs to inject RatingRetention without the whole RatingsModule (the purge CLI). */
export const ratingRetentionProviders = [RatingsRepository, RatingRetention];
