import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics';
import { AuthModule } from '../auth';
import { PhotosModule } from '../photos';
import { GetPhotoRating } from './application/get-photo-rating.use-case';
import { ListRatings } from './application/list-ratings.use-case';
import { RatePhoto } from './application/rate-photo.use-case';
import { RatingRetention } from './application/rating-retention';
import { PhotoRatingController } from './http/photo-rating.controller';
import { RatingsRepository } from './persistence/ratings.repository';

/**
 * Hosts' ratings of their delivered photos: the photo routes' `/rating`, the 'Photo Rated' event, the operators'
 * list, and the rows retention deletes with a photo's files. It reads photos (only delivered ones can be rated);
 * photos knows nothing of ratings.
 */
@Module({
  imports: [AnalyticsModule, AuthModule, PhotosModule],
  controllers: [PhotoRatingController],
  providers: [RatingsRepository, RatePhoto, GetPhotoRating, ListRatings, RatingRetention],
  exports: [RatingRetention],
})
export class RatingsModule {}
