/**
 * What the rest of the app uses from ratings: retention deletes a photo's rating with its files (`RatingRetention`),
 * and the operators' command lists them (`ListRatings`).
 */
export { RatingsModule } from './ratings.module';
export { RatingRetention, ratingRetentionProviders } from './application/rating-retention';
export { ListRatings, listRatingsProviders } from './application/list-ratings.use-case';
export { type RatingSummary, RATING_SCORES } from './domain/rating-rules';
export { PhotoRatingEntity } from './persistence/photo-rating.entity';
