import { Injectable } from '@nestjs/common';
import { PhotosRepository } from '../persistence/photos.repository';

/**
 * What enhancement reads and moves of a photo while rendering it: the photo, its attempts, its delivery or failure,
 * the files it points at, and the photos still to render. The methods take the caller's EntityManager.
 */
@Injectable()
export class PhotoRendering {
  constructor(private readonly repository: PhotosRepository) {}

  findById(...args: Parameters<PhotosRepository['findById']>): ReturnType<PhotosRepository['findById']> {
    return this.repository.findById(...args);
  }

  countAttempt(...args: Parameters<PhotosRepository['countAttempt']>): ReturnType<PhotosRepository['countAttempt']> {
    return this.repository.countAttempt(...args);
  }

  markCompleted(...args: Parameters<PhotosRepository['markCompleted']>): ReturnType<PhotosRepository['markCompleted']> {
    return this.repository.markCompleted(...args);
  }

  markFailed(...args: Parameters<PhotosRepository['markFailed']>): ReturnType<PhotosRepository['markFailed']> {
    return this.repository.markFailed(...args);
  }

  replaceEnhanced(
    ...args: Parameters<PhotosRepository['replaceEnhanced']>
  ): ReturnType<PhotosRepository['replaceEnhanced']> {
    return this.repository.replaceEnhanced(...args);
  }

  deliveredOfOrder(
    ...args: Parameters<PhotosRepository['deliveredOfOrder']>
  ): ReturnType<PhotosRepository['deliveredOfOrder']> {
    return this.repository.deliveredOfOrder(...args);
  }

  awaitingEnhancement(
    ...args: Parameters<PhotosRepository['awaitingEnhancement']>
  ): ReturnType<PhotosRepository['awaitingEnhancement']> {
    return this.repository.awaitingEnhancement(...args);
  }
}
