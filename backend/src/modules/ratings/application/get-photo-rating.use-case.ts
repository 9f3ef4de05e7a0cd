import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveredPhotos, photoNotAvailable } from '../../photos';
import { type PhotoRatingEntity } from '../persistence/photo-rating.entity';
import { RatingsRepository } from '../persistence/ratings.repository';

/** The host's rating of a delivered photo of theirs, or null before they rate it; any other photo is a missing one. */
@Injectable()
export class GetPhotoRating {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: DeliveredPhotos,
    private readonly ratings: RatingsRepository,
  ) {}

  async execute(userId: number, photoId: number): Promise<PhotoRatingEntity | null> {
    const tx = this.dataSource.manager;
    if (!(await this.photos.findOwned(tx, userId, photoId))) throw photoNotAvailable();
    return this.ratings.findForPhoto(tx, photoId);
  }
}
