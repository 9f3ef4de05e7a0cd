import { Injectable } from '@nestjs/common';
import { PhotosRepository } from '../persistence/photos.repository';

/** What retention reads and marks of photos: an order's unpurged photos, the purge mark, every key a photo owns. */
@Injectable()
export class PhotoRetention {
  constructor(private readonly repository: PhotosRepository) {}

  unpurgedOfOrder(
    ...args: Parameters<PhotosRepository['unpurgedOfOrder']>
  ): ReturnType<PhotosRepository['unpurgedOfOrder']> {
    return this.repository.unpurgedOfOrder(...args);
  }

  markPurged(...args: Parameters<PhotosRepository['markPurged']>): ReturnType<PhotosRepository['markPurged']> {
    return this.repository.markPurged(...args);
  }

  ownedKeys(...args: Parameters<PhotosRepository['ownedKeys']>): ReturnType<PhotosRepository['ownedKeys']> {
    return this.repository.ownedKeys(...args);
  }
}

/** What a Nest context needs to inject PhotoRetention without the whole PhotosModule (the purge CLI: no queue). */
export const photoRetentionProviders = [PhotosRepository, PhotoRetention];
