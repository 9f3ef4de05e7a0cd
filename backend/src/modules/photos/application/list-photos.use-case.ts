import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type PhotoEntity } from '../persistence/photo.entity';
import { PhotosRepository } from '../persistence/photos.repository';

/** The caller's photos across orders, oldest first. */
@Injectable()
export class ListPhotos {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
  ) {}

  execute(userId: number): Promise<PhotoEntity[]> {
    return this.photos.listOwned(this.dataSource.manager, userId);
  }
}
