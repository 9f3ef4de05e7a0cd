import { Injectable } from '@nestjs/common';
import { PhotosRepository } from '../persistence/photos.repository';

/** Photos finished (delivered or failed) since a moment (webhooks' reconciler: outcomes never announced). */
@Injectable()
export class FinishedPhotos {
  constructor(private readonly repository: PhotosRepository) {}

  finishedSince(...args: Parameters<PhotosRepository['finishedSince']>): ReturnType<PhotosRepository['finishedSince']> {
    return this.repository.finishedSince(...args);
  }
}
