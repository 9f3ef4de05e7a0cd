import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assertValidObjectKey,
  assertValidObjectPrefix,
  contentTypeForKey,
  ObjectNotFoundError,
} from '../domain/object-key';
import { ObjectStat, ObjectStorage, PutObjectOptions } from '../ports/object-storage';

/**
 * `~` can never appear in a key, so files named with it (content-type sidecars, in-flight temp files) can never
 * collide with an object and are easy to leave out of listings.
 */
const SIDECAR_SUFFIX = '~type';
const TEMP_MARKER = '~tmp-';

/** Objects as plain files under one root folder: the embedded default (`DATA_DIR/objects`). */
export class FilesystemObjectStorage extends ObjectStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
  }

  async put(key: string, body: Readable | Buffer, opts: PutObjectOptions = {}): Promise<{ size: number }> {
    const file = this.pathFor(key);
    const tmp = await this.createTempFile(file);
    try {
      const size = await writeAll(tmp.handle, body);
      // A type is only kept when it says more than the extension does.
      if (opts.contentType && opts.contentType !== contentTypeForKey(key)) {
        await writeFileAtomic(file + SIDECAR_SUFFIX, opts.contentType);
      } else {
        await fs.rm(file + SIDECAR_SUFFIX, { force: true });
      }
      // rename(2) within one folder is atomic: readers see the old file or the complete new one, never a part.
      await fs.rename(tmp.path, file);
      return { size };
    } catch (error) {
      await tmp.handle.close().catch(() => undefined);
      await fs.rm(tmp.path, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathFor(key);
    // Opening first turns a missing key into a typed error now rather than a stream error later, and the open
    // descriptor keeps reading the same bytes even if the object is replaced meanwhile.
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    });
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new ObjectNotFoundError(key);
    }
    return handle.createReadStream();
  }

  async stat(key: string): Promise<ObjectStat | null> {
    const file = this.pathFor(key);
    const info = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    const sidecar = await fs.readFile(file + SIDECAR_SUFFIX, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    // A Date of this realm rather than the fs binding's keeps `instanceof Date` true for callers (and for jest).
    return { size: info.size, contentType: sidecar ?? contentTypeForKey(key), lastModified: new Date(info.mtimeMs) };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    await fs.unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (!isMissing(error) && error.code !== 'EISDIR') throw error;
    });
    await fs.rm(file + SIDECAR_SUFFIX, { force: true });
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async list(prefix: string): Promise<string[]> {
    assertValidObjectPrefix(prefix);
    // Only the folder the prefix ends in can hold matches; walking just that keeps listing one order cheap.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    await this.walk(folder, keys);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  async removeStaleWrites(olderThan: Date): Promise<number> {
    let removed = 0;
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.includes(TEMP_MARKER)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await fs.stat(file).catch(() => null);
      if (!info || info.mtimeMs >= olderThan.getTime()) continue;
      await fs.rm(file, { force: true });
      await this.pruneEmptyFolders(path.dirname(file));
      removed++;
    }
    return removed;
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fsConstants.R_OK | fsConstants.W_OK);
  }

  private pathFor(key: string): string {
    assertValidObjectKey(key);
    const file = path.join(this.root, ...key.split('/'));
    // Validation already rules this out; this guards the guard, since an escape would be a security hole.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Object path escapes the storage root: ${key}`);
    return file;
  }

  private async createTempFile(file: string): Promise<{ path: string; handle: fs.FileHandle }> {
    const tmpPath = `${file}${TEMP_MARKER}${randomBytes(6).toString('hex')}`;
    // A concurrent delete may prune the folder between mkdir and open; trying again recreates it.
    for (let attempt = 1; ; attempt++) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        return { path: tmpPath, handle: await fs.open(tmpPath, 'wx') };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
      }
    }
  }

  /** Deleting an order's last photo should not leave its folders behind forever; stops at the first non-empty one. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await fs.rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }

  private async walk(relFolder: string, into: string[]): Promise<void> {
    const entries = await fs
      .readdir(relFolder ? path.join(this.root, ...relFolder.split('/')) : this.root, { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (isMissing(error)) return [];
        throw error;
      });
    for (const entry of entries) {
      if (entry.name.includes('~')) continue;
      const key = relFolder ? `${relFolder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await this.walk(key, into);
      else if (entry.isFile()) into.push(key);
    }
  }
}

async function writeAll(handle: fs.FileHandle, body: Readable | Buffer): Promise<number> {
  let size = 0;
  if (Buffer.isBuffer(body)) {
    await handle.writeFile(body);
    size = body.length;
  } else {
    // Awaiting each write is the back-pressure: the source is not read faster than the disk takes it.
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      await handle.write(bytes);
      size += bytes.length;
    }
  }
  // Flushed before the rename publishes the file, so a crash cannot leave a complete-looking name on partial data.
  await handle.sync();
  await handle.close();
  return size;
}

async function writeFileAtomic(file: string, content: string): Promise<void> {
  const tmp = `${file}${TEMP_MARKER}${randomBytes(6).toString('hex')}`;
  try {
    await fs.writeFile(tmp, content, { flag: 'wx' });
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

function isMissing(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ENOENT' || error.code === 'ENOTDIR';
}
