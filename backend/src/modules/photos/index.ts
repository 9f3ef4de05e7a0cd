/**
 * What other modules use from photos: the photos table (enhancement moves a photo on) and where its files go; the
 * photo checks' measurement and thresholds for the calibration command.
 */
export { PhotosModule } from './photos.module';
export { PhotosRepository, type EnhancedPhoto } from './persistence/photos.repository';
export { AdjustmentsRepository } from './persistence/adjustments.repository';
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
