/**
 * What other modules use from photos (read models, never its repositories): what webhooks and retention read and
 * mark, and where a photo's files go; the caller's delivered photos and the answer for a photo that is not one
 * (ratings); the photo checks' measurement and thresholds for the calibration command. It provides orders'
 * OrderLook port (an order's one look) through Nest, not through this file.
 */
export { PhotosModule } from './photos.module';
export { FinishedPhotos } from './application/finished-photos';
export { DeliveredPhotos, type DeliveredPhoto } from './application/delivered-photos';
export { photoNotAvailable } from './application/open-photo-file.use-case';
export { PhotoRetention, photoRetentionProviders } from './application/photo-retention';
export { PhotoAdjustmentEntity } from './persistence/photo-adjustment.entity';
export { derivedKeys } from './domain/photo-files';
export { PhotoEntity } from './persistence/photo.entity';
export { measurePhotoFile } from './application/measure-photo';
export {
  BLUR_LAPLACIAN_VARIANCE,
  DARK_MEAN_LUMA,
  DUPLICATE_HAMMING_DISTANCE,
  hammingDistance,
  type PhotoMeasurements,
} from '@listinglens/contracts';
