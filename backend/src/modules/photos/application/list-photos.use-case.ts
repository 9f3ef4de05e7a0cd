import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';
import { type PhotoEntity } from '../persistence/photo.entity';
import { PhotosRepository } from '../persistence/photos.repository';
import { suggestCovers } from '../domain/suggest-cover';

export interface ListedPhotos {
  photos: PhotoEntity[];
  /** Photos with an adjustment being made: the host sees the previous version until it is ready. */
  adjusting: Set<number>;
  /** One suggested cover photo per order. */
  covers: Set<number>;
}

/** The caller's photos across orders, oldest first. */
@Injectable()
export class ListPhotos {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly adjustments: AdjustmentsRepository,
  ) {}

  async execute(userId: number): Promise<ListedPhotos> {
    const tx = this.dataSource.manager;
    const [photos, adjusting] = await Promise.all([
      this.photos.listOwned(tx, userId),
      this.adjustments.queuedPhotoIds(tx, userId),
    ]);
    return { photos, adjusting, covers: suggestCovers(photos) };
  }
}
