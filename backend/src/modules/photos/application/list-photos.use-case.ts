import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PhotoEntity } from '../persistence/photo.entity';

/** The caller's photos across orders, oldest first. */
@Injectable()
export class ListPhotos {
  constructor(@InjectRepository(PhotoEntity) private readonly photos: Repository<PhotoEntity>) {}

  execute(userId: number): Promise<PhotoEntity[]> {
    return this.photos.find({ where: { userId }, order: { id: 'ASC' }, take: 5000 });
  }
}
