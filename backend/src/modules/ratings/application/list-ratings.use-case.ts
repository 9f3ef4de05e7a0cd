import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type RatingSummary, summariseRatings } from '../domain/rating-rules';
import { type PhotoRatingEntity } from '../persistence/photo-rating.entity';
import { RatingsRepository } from '../persistence/ratings.repository';

// Rows read per query: the operator's list is written out page by page, never held whole.
const PAGE_SIZE = 500;

/**
 * Operators' view of hosts' ratings (`npm run ratings`): every rating given or changed since a moment, oldest first,
 * handed over one at a time, and their summary. One snapshot (repeatable read), so the summary counts exactly the
 * ratings listed even while hosts go on rating.
 */
@Injectable()
export class ListRatings {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ratings: RatingsRepository,
  ) {}

  execute(since: Date, onRating: (rating: PhotoRatingEntity) => void): Promise<RatingSummary> {
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      let after: { updatedAt: Date; photoId: number } | undefined;
      for (;;) {
        const page = await this.ratings.listSince(tx, since, PAGE_SIZE, after);
        page.forEach(onRating);
        if (page.length < PAGE_SIZE) break;
        const last = page[page.length - 1];
        after = { updatedAt: last.updatedAt, photoId: last.photoId };
      }
      return summariseRatings(await this.ratings.countByScore(tx, since));
    });
  }
}

/** What a Nest context needs to inject ListRatings without the whole RatingsModule (the ratings CLI). */
export const listRatingsProviders = [RatingsRepository, ListRatings];
