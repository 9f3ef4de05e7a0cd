import { Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { PHOTOS_READY_THUMBNAILS } from '../../notifications';
import { type PhotoEntity } from '../../photos';
import { ObjectStorage } from '../../storage';

/** A stored thumbnail is about 400 px on its long side; anything far larger is not one, and stays out of the email. */
const MAX_THUMBNAIL_BYTES = 512 * 1024;

/**
 * The first delivered photos' thumbnails, for the "photos ready" email. The email carries them inline: the thumbnail
 * routes need a session, which a mail client does not have. A thumbnail that cannot be read is left out, never a
 * reason to hold back the email.
 */
@Injectable()
export class ReadyEmailThumbnails {
  private readonly logger = new Logger(ReadyEmailThumbnails.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async load(orderId: string): Promise<{ name: string | null; image: Buffer }[]> {
    // By entity name, not class: photos depends on orders (credits), so orders imports only photos' types.
    const photos = await this.dataSource.getRepository<PhotoEntity>('PhotoEntity').find({
      where: { orderId, status: 'completed', thumbnailPath: Not(IsNull()) },
      order: { id: 'ASC' },
      take: PHOTOS_READY_THUMBNAILS,
      select: { id: true, name: true, thumbnailPath: true },
    });
    const loaded = await Promise.all(
      photos.map(async (photo) => {
        try {
          const image = await this.read(photo.thumbnailPath as string);
          return image ? { name: photo.name, image } : null;
        } catch (err) {
          this.logger.warn(`Thumbnail of photo ${photo.id} left out of the ready email: ${String(err)}`);
          return null;
        }
      }),
    );
    return loaded.filter((thumbnail) => thumbnail !== null);
  }

  private async read(key: string): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.storage.get(key)) {
      size += (chunk as Buffer).length;
      if (size > MAX_THUMBNAIL_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
}
