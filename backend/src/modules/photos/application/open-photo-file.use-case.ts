import { Injectable } from '@nestjs/common';
import { type Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { PhotosRepository } from '../persistence/photos.repository';
import { NotFoundError } from '../../../shared/errors/app-error';
import { ObjectStorage } from '../../storage';
import { enhancedDownloadName } from '../../../shared/delivery/download-name';
import { parsePhotoFileName, type PhotoVariant } from '../domain/photo-files';

export interface PhotoFile {
  stream: Readable;
  contentType: string;
  size: number;
  downloadName: string;
}

export const photoNotAvailable = () => new NotFoundError('PHOTO_NOT_AVAILABLE', 'Photo not available');

/**
 * Opens one of the caller's photo files. The key always comes from the caller's own photo row; the client's file
 * name or id only selects which row and variant, so no input can reach another user's file or another path.
 */
@Injectable()
export class OpenPhotoFile {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly storage: ObjectStorage,
  ) {}

  byFileName(userId: number, fileName: string): Promise<PhotoFile> {
    const parsed = parsePhotoFileName(fileName);
    if (!parsed) throw photoNotAvailable();
    return this.open(userId, parsed.photoId, parsed.variant, fileName);
  }

  byPhotoId(userId: number, photoId: number, variant: PhotoVariant): Promise<PhotoFile> {
    return this.open(userId, photoId, variant);
  }

  private async open(userId: number, photoId: number, variant: PhotoVariant, requestedName?: string) {
    if (!Number.isSafeInteger(photoId) || photoId <= 0) throw photoNotAvailable();
    const photo = await this.photos.findOwned(this.dataSource.manager, userId, photoId);
    if (!photo || photo.purgedAt) throw photoNotAvailable();
    const key = {
      original: photo.originalPath,
      enhanced: photo.enhancedPath,
      preview: photo.previewPath,
      thumbnail: photo.thumbnailPath,
      before: photo.beforePreviewPath,
    }[variant];
    // A name must match the stored key exactly (e.g. 42.png is not 42.jpg).
    if (!key || (requestedName && key.split('/').pop() !== requestedName)) throw photoNotAvailable();
    const stat = await this.storage.stat(key);
    if (!stat) throw photoNotAvailable();
    return {
      stream: await this.storage.get(key),
      contentType: stat.contentType ?? 'application/octet-stream',
      size: stat.size,
      downloadName:
        variant === 'enhanced' ? enhancedDownloadName(photo.name, photo.id) : (key.split('/').pop() ?? 'photo'),
    };
  }
}
