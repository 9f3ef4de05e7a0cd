import { Injectable, Logger } from '@nestjs/common';
import archiver from 'archiver';
import { once } from 'node:events';
import { type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../../shared/errors/app-error';
import { orderNotFound, OwnedOrders } from '../../orders';
import { PhotosRepository } from '../persistence/photos.repository';
import { ObjectStorage } from '../../storage';
import { enhancedDownloadName } from '../../../shared/delivery/download-name';
import { type ExportPreset, sequencedName } from '../domain/export-presets';
import { renderExport } from './render-export';

export interface OrderZip {
  fileName: string;
  count: number;
  /** Writes the archive into `out`, one photo at a time, so memory stays flat whatever the order's size. */
  writeTo(out: Writable): Promise<void>;
}

/**
 * An order's enhanced photos as one zip, in a folder `enhanced-photos/`, streamed while it is built. With a
 * platform preset each photo is rendered for it on the way (one at a time) and named by its place in the order.
 */
@Injectable()
export class StreamOrderZip {
  private readonly logger = new Logger('StreamOrderZip');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OwnedOrders,
    private readonly photos: PhotosRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async execute(
    userId: number,
    orderId: string,
    preset: ExportPreset = 'original',
    today = new Date(),
  ): Promise<OrderZip> {
    const order = await this.orders.findOwned(this.dataSource.manager, userId, orderId);
    if (!order) throw orderNotFound();
    const photos = (await this.photos.listOfOrder(this.dataSource.manager, userId, orderId)).filter(
      (p) => p.status === 'completed' && p.enhancedPath && !p.purgedAt,
    );
    if (photos.length === 0) {
      throw new NotFoundError('NO_PHOTOS_TO_DOWNLOAD', 'There are no enhanced photos available for download.');
    }
    const names = uniqueNames(photos.map((p) => enhancedDownloadName(p.name, p.id))).map((name, i) =>
      preset === 'original' ? name : sequencedName(i, photos.length, name),
    );
    const label = preset === 'original' ? '' : `${preset}-`;
    return {
      fileName: `listinglens-enhanced-photos-${label}${today.toISOString().slice(0, 10)}.zip`,
      count: photos.length,
      writeTo: async (out) => {
        // JPEGs do not shrink further: store them, which is also the cheapest for the CPU.
        const archive = archiver('zip', { store: true });
        archive.on('warning', (err: Error) => this.logger.warn(`Zip of ${orderId}: ${err.message}`));
        archive.pipe(out);
        const failed = new Promise<never>((_, reject) => archive.on('error', reject));
        // A client that leaves mid-download closes `out`; the archive, no longer read, would wait for ever holding
        // the photo it was reading. This rejects (premature close) instead, and the build stops.
        const stop = new AbortController();
        const left = finished(out).then(() => new Promise<never>(() => undefined));
        left.catch(() => stop.abort());
        let reading: Readable | undefined;
        const build = (async () => {
          for (const [i, photo] of photos.entries()) {
            const key = photo.enhancedPath!;
            const source =
              preset === 'original'
                ? (reading = await this.storage.get(key))
                : await renderExport(preset, await this.storage.getBuffer(key));
            archive.append(source, { name: `enhanced-photos/${names[i]}`, date: photo.processDate ?? undefined });
            await once(archive, 'entry', { signal: stop.signal });
          }
          await archive.finalize();
        })();
        try {
          await Promise.race([build, failed, left]);
        } catch (err) {
          stop.abort();
          archive.unpipe(out);
          reading?.destroy();
          archive.destroy();
          throw err;
        }
      },
    };
  }
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : name.replace(/\.jpg$/, `-${n}.jpg`);
  });
}
