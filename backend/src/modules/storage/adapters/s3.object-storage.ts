import { Client, S3Error } from 'minio';
import { Readable } from 'node:stream';
import { S3Config } from '../../../config/app-config';
import {
  assertValidObjectKey,
  assertValidObjectPrefix,
  contentTypeForKey,
  ObjectNotFoundError,
  UnsupportedByStoreError,
} from '../domain/object-key';
import { ObjectStat, ObjectStorage, PutObjectOptions } from '../ports/object-storage';

/**
 * Multipart part size. minio's own putObject, given a stream of unknown length, buffers parts of ~550 MiB and hangs
 * if the source stream fails, so this adapter uploads the parts itself: memory stays bounded by one part, and a
 * failure aborts the upload. 8 MiB is above S3's 5 MiB minimum and holds most photos in a single PUT.
 */
const PART_SIZE = 8 * 1024 * 1024;

/** Objects in one bucket of MinIO or any S3-compatible store (`S3_ENDPOINT`, `S3_BUCKET`, keys). */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private bucketReady: Promise<void> | undefined;

  constructor(config: S3Config) {
    super();
    const url = new URL(config.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      // MinIO and most self-hosted stores serve buckets by path, not by sub-domain.
      pathStyle: true,
    });
    this.bucket = config.bucket;
    this.region = config.region;
  }

  async put(key: string, body: Readable | Buffer, opts: PutObjectOptions = {}): Promise<{ size: number }> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    const headers = { 'Content-Type': opts.contentType ?? contentTypeForKey(key) };
    if (Buffer.isBuffer(body) && body.length <= PART_SIZE) {
      await this.client.putObject(this.bucket, key, body, body.length, headers);
      return { size: body.length };
    }
    return this.putStream(key, Buffer.isBuffer(body) ? Readable.from([body]) : body, headers);
  }

  async get(key: string): Promise<Readable> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    try {
      const info = await this.client.statObject(this.bucket, key);
      const contentType = info.metaData['content-type'] as string | undefined;
      return { size: info.size, contentType, lastModified: info.lastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    // S3 DELETE already succeeds for a missing key.
    await this.client.removeObject(this.bucket, key);
  }

  async list(prefix: string): Promise<string[]> {
    assertValidObjectPrefix(prefix);
    await this.ensureBucket();
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name) keys.push(item.name);
    }
    return keys.sort();
  }

  async removeStaleWrites(olderThan: Date): Promise<number> {
    await this.ensureBucket();
    let removed = 0;
    let keyMarker = '';
    let uploadIdMarker = '';
    for (;;) {
      const page = await this.client
        .listIncompleteUploadsQuery(this.bucket, '', keyMarker, uploadIdMarker, '')
        .catch((error: unknown) => {
          // Some S3-compatible servers (s3rver) have no multipart-upload listing; there is nothing to remove then.
          throw (error as S3Error | undefined)?.code === 'NotImplemented'
            ? new UnsupportedByStoreError('listing unfinished multipart uploads')
            : error;
        });
      for (const upload of page.uploads) {
        if (upload.initiated.getTime() >= olderThan.getTime()) continue;
        await this.client.abortMultipartUpload(this.bucket, upload.key, upload.uploadId);
        removed++;
      }
      if (!page.isTruncated) return removed;
      keyMarker = page.nextKeyMarker;
      uploadIdMarker = page.nextUploadIdMarker;
    }
  }

  async ping(): Promise<void> {
    await this.ensureBucket();
  }

  /** Reads the source one part at a time; only a completed upload becomes visible, so a failure leaves nothing. */
  private async putStream(key: string, source: Readable, headers: Record<string, string>): Promise<{ size: number }> {
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { part: number; etag: string }[] = [];

    const flushPart = async () => {
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
      const payload = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const part = parts.length + 1;
      const { etag } = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
        payload,
      );
      parts.push({ part, etag });
    };

    try {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        pending.push(bytes);
        pendingBytes += bytes.length;
        size += bytes.length;
        if (pendingBytes >= PART_SIZE) await flushPart();
      }
      if (uploadId === undefined) {
        // It all fitted in one part: a plain PUT is cheaper and just as atomic.
        await this.client.putObject(this.bucket, key, Buffer.concat(pending, pendingBytes), pendingBytes, headers);
        return { size };
      }
      if (pendingBytes > 0) await flushPart();
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      return { size };
    } catch (error) {
      if (uploadId !== undefined) {
        const id = uploadId;
        // Best effort: an upload left behind is invisible and stores expire it; the original error matters more.
        await this.client.abortMultipartUpload(this.bucket, key, id).catch(() => undefined);
      }
      source.destroy();
      throw error;
    }
  }

  /** Creates the bucket on first use; a failed attempt is forgotten so the next call tries again. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket, this.region);
      } catch (error) {
        // Another instance may have created it between our check and our create.
        const code = (error as S3Error).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as S3Error | undefined)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}
