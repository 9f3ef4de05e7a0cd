import { Readable } from 'node:stream';

export { InvalidObjectKeyError, ObjectNotFoundError, UnsupportedByStoreError } from '../domain/object-key';

export interface PutObjectOptions {
  /** Defaults to a type derived from the key's extension, else `application/octet-stream`. */
  contentType?: string;
}

export interface ObjectStat {
  size: number;
  contentType?: string;
  lastModified: Date;
}

/**
 * Where photo files live. Keys are made by the server (`originals/12/ord_abc/34.jpg`); every method rejects a key
 * outside `[A-Za-z0-9._/-]`, absolute, or with empty, `.` or `..` segments with an {@link InvalidObjectKeyError}.
 */
export abstract class ObjectStorage {
  /**
   * Stores the body under the key, replacing any object there. Atomic: readers see the old object or the whole new
   * one, and a body stream that fails leaves no object (and no partial one) behind.
   */
  abstract put(key: string, body: Readable | Buffer, opts?: PutObjectOptions): Promise<{ size: number }>;
  /** Throws {@link ObjectNotFoundError} when there is no object under the key. */
  abstract get(key: string): Promise<Readable>;
  /** `null` when there is no object under the key. */
  abstract stat(key: string): Promise<ObjectStat | null>;
  /** Idempotent: deleting a missing key succeeds. */
  abstract delete(key: string): Promise<void>;
  /** Every key starting with the prefix (a plain string prefix, as in S3), sorted. */
  abstract list(prefix: string): Promise<string[]>;
  /**
   * Removes writes that never finished and began before `olderThan`: what a process killed mid-upload leaves (temp
   * files on disk, incomplete multipart uploads in S3). They are never objects, so `list` does not show them.
   * Returns how many were removed; throws {@link UnsupportedByStoreError} when the store cannot list them.
   */
  abstract removeStaleWrites(olderThan: Date): Promise<number>;
  /** Resolves when the store is reachable and writable (creating the bucket or folder if needed); for readiness. */
  abstract ping(): Promise<void>;

  /** The whole object in memory, for a consumer that needs all of it at once (a photo to decode). */
  async getBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
