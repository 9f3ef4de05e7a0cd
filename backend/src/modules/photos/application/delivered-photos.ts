import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { deliveredStyle } from '../domain/delivered-style';
import { PhotosRepository } from '../persistence/photos.repository';

/** A delivered photo as other modules see it: whose order it is and what made the version the host sees. */
export interface DeliveredPhoto {
  id: number;
  orderId: string;
  engineVersion: string | null;
  style: AdjustmentStyle | null;
}

/**
 * The caller's delivered photos (ratings: only what a host received can be rated). Another user's photo, one still
 * being enhanced, a failed one and a purged one all read as null, which callers answer like a missing photo.
 */
@Injectable()
export class DeliveredPhotos {
  constructor(private readonly repository: PhotosRepository) {}

  /** With `lock` (inside a transaction), the photo cannot be purged until that transaction ends. */
  async findOwned(tx: EntityManager, userId: number, photoId: number, lock = false): Promise<DeliveredPhoto | null> {
    const photo = await this.repository.findDeliveredOwned(tx, userId, photoId, lock);
    if (!photo) return null;
    return {
      id: photo.id,
      orderId: photo.orderId,
      engineVersion: photo.engineVersion,
      style: deliveredStyle(photo.enhancementReport),
    };
  }
}
