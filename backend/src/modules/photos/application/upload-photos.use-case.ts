import { Injectable, Logger } from '@nestjs/common';
import { checkBracket, decodePhoto, isEnhancementError } from '@listinglens/engine';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { DataSource } from 'typeorm';
import { type OrderEntity } from '../../orders';
import { AppError, BadRequestError, UnavailableError } from '../../../shared/errors/app-error';
import { type ShutdownDrain } from '../../../shared/lifecycle/shutdown-drain';
import { JobQueue } from '../../../shared/queue/job-queue';
import { Analytics } from '../../analytics';
import { noCredits, OrderCredits, orderNotAccepting, orderNotFound, OwnedOrders, tooManyPhotos } from '../../orders';
import { ObjectStorage } from '../../storage';
import { frameKey, type ImageFormat, originalKey, sniffImageFormat } from '../domain/photo-files';
import {
  checkSelection,
  countFlags,
  MIN_BRACKET_FRAMES,
  type PhotoCheck,
  type PhotoMeasurements,
  referenceFrame,
  unsupportedFormatMessage,
} from '@listinglens/contracts';
import { displayName, MAX_FILE_BYTES } from '../domain/upload-limits';
import { groupErrors, parseGroupLabel, UploadGroups } from '../domain/photo-groups';
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
  /** Files merged into this photo: 1, or a bracket's 2-7 frames. */
  frames: number;
  /** The upload's `group` name of a bracket; absent for a photo of one file. */
  group?: string;
  /** Advice on the photo (too small, portrait, dark, blurred, duplicate); never a reason it was refused. */
  checks: PhotoCheck[];
}

export interface UploadResult {
  photos: UploadedPhoto[];
  order: { id: string; status: string; photos_remaining: number };
}

interface StoredFile {
  key: string;
  name: string;
  size: number;
  measurements: PhotoMeasurements;
}

/** One photo of the upload: a file, or a bracket's frames (`key`, `name` and `measurements` its reference frame's). */
interface StoredPhoto extends StoredFile {
  photoId: number;
  frames?: { label: string; keys: string[] };
}

/** A bracket being received: its frames' bytes are kept for its check when its last frame has come. */
interface OpenBracket {
  label: string;
  photoId: number;
  frames: StoredFile[];
  bytes: Buffer[];
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
 * Files the request names as one `group` are an exposure bracket: one photo, one credit, its frames kept together
 * (the photo's original is its reference frame). When a bracket's last frame has come, its frames (held in memory,
 * at most 7 x 10MB) go through the engine's bracket check; a bracket it refuses fails the whole upload.
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
    let groups: UploadGroups | undefined;
    // Every key this request stored, removed again if it fails.
    const stored: string[] = [];
    const photos: StoredPhoto[] = [];
    let bracket: OpenBracket | undefined;
    let label: string | undefined;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (part.name === 'orderId') order = await this.uploadableOrder(userId, part.value);
          if (part.name === 'group') {
            if (label !== undefined) throw groupErrors.labelWithoutPhoto();
            label = parseGroupLabel(part.value);
          }
          continue;
        }
        if (part.field !== 'photos' && part.field !== 'photos[]') {
          throw new BadRequestError('UNEXPECTED_FILE_FIELD', `Unexpected file field "${part.field}"; send photos.`);
        }
        if (!order) throw new BadRequestError('ORDER_ID_FIRST', 'Send orderId before the photos in the form.');
        groups ??= new UploadGroups(order.photosRemaining);
        const { closesBracket, frame } = groups.place(label, tooManyPhotos);
        if (closesBracket) {
          photos.push(await this.finishBracket(bracket!));
          bracket = undefined;
        }
        const owner = { userId, orderId: order.id, photoId: bracket?.photoId ?? (await this.reservePhotoId()) };
        const file = await this.storeOne(
          frame === undefined ? (format) => originalKey(owner, format) : (format) => frameKey(owner, frame, format),
          part.fileName,
          part.stream,
        );
        stored.push(file.key);
        if (frame === undefined)
          photos.push({
            key: file.key,
            name: file.name,
            size: file.size,
            measurements: file.measurements,
            photoId: owner.photoId,
          });
        else {
          bracket ??= { label: label!, photoId: owner.photoId, frames: [], bytes: [] };
          bracket.frames.push(file);
          bracket.bytes.push(file.bytes);
        }
        label = undefined;
      }
      if (!order) throw new BadRequestError('ORDER_ID_REQUIRED', 'orderId is required.');
      if (label !== undefined) throw groupErrors.labelWithoutPhoto();
      if (bracket) photos.push(await this.finishBracket(bracket));
      if (photos.length === 0) throw new BadRequestError('NO_FILES', 'Please select at least one file to upload.');
      const result = await this.commit(userId, order.id, photos);
      // Counted here, once per upload that went through; the widget shows the same checks but does not count them.
      await this.analytics.capture('Photo Checks', String(userId), {
        orderId: order.id,
        numPhotos: photos.length,
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
      await Promise.all(stored.map((key) => this.storage.delete(key).catch(() => undefined)));
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

  private async reservePhotoId(): Promise<number> {
    return this.photos.reserveId(this.dataSource.manager);
  }

  /**
   * A bracket whose last frame has come: refused unless it has two frames or more and the engine's check passes;
   * its reference frame stands for it in the checks and as its original.
   */
  private async finishBracket(bracket: OpenBracket): Promise<StoredPhoto> {
    const { label, frames } = bracket;
    if (frames.length < MIN_BRACKET_FRAMES) throw groupErrors.oneFrame(label, frames[0].name);
    const check = await checkBracket(bracket.bytes);
    // What the check read is not needed again: the frames are in storage.
    bracket.bytes.length = 0;
    if (!check.ok) {
      const problem = check.problem ?? 'unreadable';
      throw groupErrors.refused(
        label,
        frames.map((f) => f.name),
        problem,
        check.message ?? 'These frames cannot be merged into one photo.',
      );
    }
    const reference = frames[referenceFrame(frames.map((f) => f.measurements))];
    return {
      ...reference,
      size: frames.reduce((sum, f) => sum + f.size, 0),
      photoId: bracket.photoId,
      frames: { label, keys: frames.map((f) => f.key) },
    };
  }

  /** Streams one file to storage under the key `keyFor` gives its detected format; hands back its bytes too. */
  private async storeOne(
    keyFor: (format: ImageFormat) => string,
    fileName: string | undefined,
    stream: Readable,
  ): Promise<StoredFile & { bytes: Buffer }> {
    const name = displayName(fileName);
    const { head, body } = await peek(stream, 16);
    const format = sniffImageFormat(head);
    if (!format) {
      body.resume();
      throw new AppError('unsupported_media_type', 'UNSUPPORTED_FORMAT', unsupportedFormatMessage(name));
    }
    const key = keyFor(format);
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
      const bytes = limiter.bytes();
      const measurements = await this.measureImage(bytes, format, name);
      return { key, name, size, measurements, bytes };
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

  private async commit(userId: number, orderId: string, files: StoredPhoto[]): Promise<UploadResult> {
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
          framePaths: f.frames?.keys,
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
          frames: f.frames?.keys.length ?? 1,
          ...(f.frames ? { group: f.frames.label } : {}),
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
