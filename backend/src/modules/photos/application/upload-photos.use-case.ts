import { Injectable, Logger } from '@nestjs/common';
import { decodePhoto, isEnhancementError } from '@listinglens/engine';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { DataSource } from 'typeorm';
import { type OrderEntity } from '../../orders';
import { AppError, BadRequestError, UnavailableError } from '../../../shared/errors/app-error';
import { type ShutdownDrain } from '../../../shared/lifecycle/shutdown-drain';
import { JobQueue } from '../../../shared/queue/job-queue';
import { Analytics } from '../../analytics';
import { noCredits, OrderCredits, orderNotAccepting, orderNotFound, OwnedOrders, tooManyPhotos } from '../../orders';
import { ObjectStorage } from '../../storage';
import { type ImageFormat, originalKey, sniffImageFormat } from '../domain/photo-files';
import {
  checkSelection,
  countFlags,
  type PhotoCheck,
  type PhotoMeasurements,
  unsupportedFormatMessage,
} from '@listinglens/contracts';
import { displayName, MAX_FILE_BYTES } from '../domain/upload-limits';
import { ImageTooLargeError, measureDecodedPixels, measurePhotoFile } from './measure-photo';
import { PhotosRepository } from '../persistence/photos.repository';

export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; field: string; fileName: string | undefined; stream: Readable };

export interface UploadedPhoto {
  id: number;
  name: string;
  status: 'uploaded';
  original_path: string;
  /** Advice on the photo (too small, portrait, dark, blurred, duplicate); never a reason it was refused. */
  checks: PhotoCheck[];
}

export interface UploadResult {
  photos: UploadedPhoto[];
  order: { id: string; status: string; photos_remaining: number };
}

interface StoredFile {
  photoId: number;
  key: string;
  name: string;
  size: number;
  measurements: PhotoMeasurements;
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

/**
 * Stores a host's photos for one of their orders, all or nothing. Each file streams to storage under a key the
 * server makes, is checked by decoding (not by its name or MIME type) and measured for the photo checks (advice the
 * response carries per photo; they never refuse a photo), and only when every file passed are the
 * photo rows written and the credits taken, in one transaction. Any failure removes what this request stored.
 * When the order has no credits left it becomes pending and one enhancement job per photo is queued.
 *
 * While the process shuts down no upload starts, and one still streaming when the shutdown limit passes is cut
 * (the parts fail with the shutdown's reason): it removes what it stored, says so in the log, and answers 503 so
 * the host's widget asks for the upload again; the next process takes it.
 */
@Injectable()
export class UploadPhotos {
  private readonly logger = new Logger('UploadPhotos');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly orders: OwnedOrders,
    private readonly credits: OrderCredits,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly analytics: Analytics,
  ) {}

  async execute(userId: number, parts: AsyncIterable<UploadPart>, shutdown: ShutdownDrain): Promise<UploadResult> {
    if (shutdown.draining) throw restarting();
    let order: OrderEntity | undefined;
    const stored: StoredFile[] = [];
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (part.name === 'orderId') order = await this.uploadableOrder(userId, part.value);
          continue;
        }
        if (part.field !== 'photos' && part.field !== 'photos[]') {
          throw new BadRequestError('UNEXPECTED_FILE_FIELD', `Unexpected file field "${part.field}"; send photos.`);
        }
        if (!order) throw new BadRequestError('ORDER_ID_FIRST', 'Send orderId before the photos in the form.');
        if (stored.length >= order.photosRemaining) throw tooManyPhotos(order.photosRemaining);
        stored.push(await this.storeOne(userId, order.id, part.fileName, part.stream));
      }
      if (!order) throw new BadRequestError('ORDER_ID_REQUIRED', 'orderId is required.');
      if (stored.length === 0) throw new BadRequestError('NO_FILES', 'Please select at least one file to upload.');
      const result = await this.commit(userId, order.id, stored);
      // Counted here, once per upload that went through; the widget shows the same checks but does not count them.
      await this.analytics.capture('Photo Checks', String(userId), {
        orderId: order.id,
        numPhotos: stored.length,
        ...countFlags(result.photos.map((p) => p.checks)),
      });
      if (result.order.status === 'pending') {
        await this.queueEnhancement(order.id);
        await this.analytics.capture('Photo Processing Start', String(userId), {
          orderId: order.id,
          packageId: order.packageType,
          photosIncluded: order.photosPurchased,
          numPhotos: order.photosPurchased,
        });
      }
      return result;
    } catch (err) {
      await Promise.all(stored.map((f) => this.storage.delete(f.key).catch(() => undefined)));
      if (!shutdown.cut.aborted) throw err;
      this.logger.warn({
        msg: 'Upload cut by the shutdown: the files it stored were removed',
        orderId: order?.id,
        removed: stored.length,
      });
      throw restarting();
    }
  }

  private async uploadableOrder(userId: number, orderId: string): Promise<OrderEntity> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) throw orderNotFound();
    const order = await this.orders.findOwned(this.dataSource.manager, userId, orderId);
    if (!order) throw orderNotFound();
    // An early answer before any byte is stored; the commit checks again under lock (credits.take).
    if (order.status !== 'new') throw orderNotAccepting();
    if (order.photosRemaining === 0) throw noCredits();
    return order;
  }

  private async storeOne(
    userId: number,
    orderId: string,
    fileName: string | undefined,
    stream: Readable,
  ): Promise<StoredFile> {
    const name = displayName(fileName);
    const { head, body } = await peek(stream, 16);
    const format = sniffImageFormat(head);
    if (!format) {
      body.resume();
      throw new AppError('unsupported_media_type', 'UNSUPPORTED_FORMAT', unsupportedFormatMessage(name));
    }
    const photoId = await this.photos.reserveId(this.dataSource.manager);
    const key = originalKey({ userId, orderId, photoId }, format);
    const limiter = new SizeLimit(MAX_FILE_BYTES, name);
    let clientFailed = false;
    body.on('error', (err) => {
      clientFailed = true;
      limiter.destroy(err);
    });
    let size: number;
    try {
      ({ size } = await this.storage.put(key, body.pipe(limiter), { contentType: CONTENT_TYPES[format] }));
    } catch (err) {
      // Too large or a client that went away are the request's fault; anything else is the store's.
      if (err instanceof AppError || clientFailed) throw err;
      throw this.storageUnavailable(err);
    }
    if (size === 0) throw new BadRequestError('EMPTY_FILE', `${name} is empty.`);
    try {
      const measurements = await this.measureImage(limiter.bytes(), format, name);
      return { photoId, key, name, size, measurements };
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Decodes the bytes just stored (kept while they streamed to the store, so they are not read back), which refuses
   * truncated files and pixel bombs, and measures what the photo checks need from a small grey copy.
   */
  private async measureImage(bytes: Buffer, format: ImageFormat, name: string): Promise<PhotoMeasurements> {
    const unreadable = () =>
      new BadRequestError(
        'UNREADABLE_IMAGE',
        `${name} could not be read as an image. It may be damaged or incomplete.`,
      );
    try {
      if (format === 'heic') {
        // sharp's prebuilt libvips has no HEVC decoder; the engine's own decoder reads iPhone photos.
        const decoded = await decodePhoto(bytes).catch((err: unknown) => {
          throw isEnhancementError(err) && err.code === 'IMAGE_TOO_LARGE' ? new ImageTooLargeError() : err;
        });
        const measurements = await measureDecodedPixels(decoded.image);
        // A very large photo is decoded at a reduced size; its checks go by the file's own size.
        return decoded.reducedFrom ? { ...measurements, ...decoded.reducedFrom } : measurements;
      }
      return await measurePhotoFile(bytes);
    } catch (err) {
      if (err instanceof ImageTooLargeError) {
        throw new AppError('payload_too_large', 'IMAGE_TOO_LARGE', `${name} is too large (more than 100 megapixels).`);
      }
      throw unreadable();
    }
  }

  private storageUnavailable(err: unknown): UnavailableError {
    this.logger.warn(`Photo storage failed during an upload: ${String(err)}`);
    return new UnavailableError('STORAGE_UNAVAILABLE', 'Photo storage is unavailable. Please try again shortly.');
  }

  private async commit(userId: number, orderId: string, files: StoredFile[]): Promise<UploadResult> {
    return this.dataSource.transaction(async (tx) => {
      // Checked again here: another request may have used credits while this one streamed. Orders' facade takes this
      // transaction, so the credits and the photos' rows commit, or roll back, together.
      const order = await this.credits.take(tx, userId, orderId, files.length);
      // A new photo can be a duplicate of one sent to the order in an earlier upload, too.
      const earlier = await this.photos.hashesOfOrder(tx, orderId);
      await this.photos.insertUploaded(
        tx,
        userId,
        orderId,
        files.map((f) => ({
          id: f.photoId,
          key: f.key,
          name: f.name,
          size: f.size,
          differenceHash: f.measurements.hash,
        })),
      );
      const checks = checkSelection(
        files.map((f) => ({ name: f.name, measurements: f.measurements })),
        earlier,
      );
      return {
        photos: files.map((f, i) => ({
          id: f.photoId,
          name: f.name,
          status: 'uploaded' as const,
          original_path: f.key,
          checks: checks[i],
        })),
        order: { id: orderId, status: order.status, photos_remaining: order.photosRemaining },
      };
    });
  }

  private async queueEnhancement(orderId: string): Promise<void> {
    const photoIds = await this.photos.uploadedIds(this.dataSource.manager, orderId);
    try {
      for (const id of photoIds) await this.queue.enqueue('photos.enhance', { photoId: id }, { jobId: `photo-${id}` });
    } catch (err) {
      // The photos are safely stored and the order is pending; the reconciler queues them when the queue is back.
      this.logger.warn(`Enhancement of order ${orderId} not queued yet: ${String(err)}`);
    }
  }
}

const restarting = () => new UnavailableError('RESTARTING', 'The service is restarting; please upload again');

/**
 * Fails the stream as soon as it carries more than `limit` bytes, so an oversized file is never stored whole; keeps
 * what passed (at most `limit`) for the decode that follows.
 */
class SizeLimit extends Transform {
  private seen = 0;
  private readonly chunks: Buffer[] = [];
  constructor(
    private readonly limit: number,
    private readonly name: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      done(new AppError('payload_too_large', 'FILE_TOO_LARGE', `${this.name} is larger than 10MB.`));
      return;
    }
    this.chunks.push(chunk);
    done(null, chunk);
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Reads the first bytes of a stream and hands back a stream that still yields every byte. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  const head = Buffer.concat(chunks);
  const body = new Transform({ transform: (chunk, _enc, done) => done(null, chunk) });
  body.write(head);
  if (stream.readableEnded) {
    body.end();
  } else {
    stream.on('error', (err) => body.destroy(err));
    stream.pipe(body);
  }
  return { head, body };
}
