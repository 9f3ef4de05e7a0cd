import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';
import { PhotoEntity } from '../persistence/photo.entity';

export interface ListedPhotos {
  photos: PhotoEntity[];
  /** Photos with an adjustment being made: the host sees the previous version until it is ready. */
  adjusting: Set<number>;
}

/** The caller's photos across orders, oldest first. */
@Injectable()
export class ListPhotos {
  constructor(
    @InjectRepository(PhotoEntity) private readonly photos: Repository<PhotoEntity>,
    private readonly dataSource: DataSource,
    private readonly adjustments: AdjustmentsRepository,
  ) {}

  async execute(userId: number): Promise<ListedPhotos> {
    const [photos, adjusting] = await Promise.all([
      this.photos.find({ where: { userId }, order: { id: 'ASC' }, take: 5000 }),
      this.adjustments.queuedPhotoIds(this.dataSource.manager, userId),
    ]);
    return { photos, adjusting };
  }
}
