import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FilesystemObjectStorage } from '../../src/modules/storage/adapters/filesystem.object-storage';
import { S3ObjectStorage } from '../../src/modules/storage/adapters/s3.object-storage';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectStorage,
} from '../../src/modules/storage/ports/object-storage';
import { startS3Server, TestS3Server } from '../helpers/s3-server';

interface Harness {
  storage: ObjectStorage;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Harness>][] = [
  [
    'FilesystemObjectStorage',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'objects-'));
      return {
        storage: new FilesystemObjectStorage(path.join(dir, 'objects')),
        close: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3ObjectStorage (s3rver)',
    async () => {
      const server: TestS3Server = await startS3Server();
      return {
        storage: new S3ObjectStorage(server.config),
        close: () => server.close(),
      };
    },
  ],
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Yields `total` pseudo-random bytes in 64 KiB chunks without holding them all. */
function generated(total: number, seed: string): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  let block = createHash('sha256').update(seed).digest();
  const stream = Readable.from(
    (function* () {
      while (sent < total) {
        const size = Math.min(64 * 1024, total - sent);
        const chunk = Buffer.alloc(size);
        for (let i = 0; i < size; i += 32) {
          block = createHash('sha256').update(block).digest();
          block.copy(chunk, i);
        }
        hash.update(chunk);
        sent += size;
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest('hex') };
}

function failingStream(afterBytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= afterBytes) {
        this.destroy(new Error('client went away'));
        return;
      }
      sent += 16 * 1024;
      this.push(randomBytes(16 * 1024));
    },
  });
}

describe.each(adapters)('ObjectStorage contract: %s', (name, makeHarness) => {
  // s3rver does not implement ListMultipartUploads (MinIO and S3 do), so there this check is reported as skipped.
  const itListingUnfinishedWrites = name.includes('s3rver') ? it.skip : it;
  let harness: Harness;
  let storage: ObjectStorage;

  beforeAll(async () => {
    harness = await makeHarness();
    storage = harness.storage;
    await storage.ping();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('stores a stream and gives back the same bytes, type and size', async () => {
    const bytes = randomBytes(300 * 1024);
    const result = await storage.put(
      'originals/12/ord_abc/34.jpg',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      {
        contentType: 'image/jpeg',
      },
    );
    expect(result).toEqual({ size: bytes.length });
    expect((await readAll(await storage.get('originals/12/ord_abc/34.jpg'))).equals(bytes)).toBe(true);
    const stat = await storage.stat('originals/12/ord_abc/34.jpg');
    expect(stat).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
    expect(stat!.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(stat!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('stores a buffer, keeping an explicit content type over the extension', async () => {
    const bytes = Buffer.from('{"hello":"world"}');
    expect(await storage.put('reports/1/report.bin', bytes, { contentType: 'application/json' })).toEqual({ size: 17 });
    expect((await readAll(await storage.get('reports/1/report.bin'))).toString()).toBe('{"hello":"world"}');
    expect(await storage.stat('reports/1/report.bin')).toMatchObject({ size: 17, contentType: 'application/json' });
  });

  it('derives the content type from the extension when none is given', async () => {
    await storage.put('previews/1/a.png', Buffer.from('png'));
    expect((await storage.stat('previews/1/a.png'))?.contentType).toBe('image/png');
  });

  it('replaces an existing object, including its type', async () => {
    await storage.put('replace/x.bin', Buffer.from('first'), { contentType: 'text/plain' });
    await storage.put('replace/x.bin', Buffer.from('second!'));
    expect((await readAll(await storage.get('replace/x.bin'))).toString()).toBe('second!');
    expect(await storage.stat('replace/x.bin')).toMatchObject({ size: 7, contentType: 'application/octet-stream' });
  });

  it('stores an empty object', async () => {
    expect(await storage.put('empty/zero.txt', Readable.from([]))).toEqual({ size: 0 });
    expect((await readAll(await storage.get('empty/zero.txt'))).length).toBe(0);
    expect((await storage.stat('empty/zero.txt'))?.size).toBe(0);
  });

  it('lists by prefix, sorted, and nothing under other prefixes', async () => {
    const keys = [
      'list/7/ord_b/2.jpg',
      'list/7/ord_a/10.jpg',
      'list/7/ord_a/1.jpg',
      'list/8/ord_c/1.jpg',
      'list/70/x.jpg',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await storage.list('list/7/')).toEqual(['list/7/ord_a/1.jpg', 'list/7/ord_a/10.jpg', 'list/7/ord_b/2.jpg']);
    expect(await storage.list('list/7/ord_a/')).toEqual(['list/7/ord_a/1.jpg', 'list/7/ord_a/10.jpg']);
    expect(await storage.list('list/7')).toEqual([
      'list/7/ord_a/1.jpg',
      'list/7/ord_a/10.jpg',
      'list/7/ord_b/2.jpg',
      'list/70/x.jpg',
    ]);
    expect(await storage.list('list/7/ord_')).toHaveLength(3);
    expect(await storage.list('list/9/')).toEqual([]);
    expect(await storage.list('nothing-here/')).toEqual([]);
  });

  it('deletes: the object is gone, get throws the typed not-found error, and deleting again is fine', async () => {
    await storage.put('del/1/a.jpg', Buffer.from('a'));
    await storage.put('del/1/b.jpg', Buffer.from('b'));
    await storage.delete('del/1/a.jpg');
    await expect(storage.get('del/1/a.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get('del/1/a.jpg')).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND', key: 'del/1/a.jpg' });
    expect(await storage.stat('del/1/a.jpg')).toBeNull();
    expect(await storage.list('del/')).toEqual(['del/1/b.jpg']);
    await expect(storage.delete('del/1/a.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('never/was/here.jpg')).resolves.toBeUndefined();
  });

  it('reports a missing key: get rejects, stat is null', async () => {
    await expect(storage.get('missing/1.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.stat('missing/1.jpg')).toBeNull();
    // A "folder" of other objects is not an object.
    await storage.put('folder/inner/1.jpg', Buffer.from('x'));
    await expect(storage.get('folder/inner')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.stat('folder/inner')).toBeNull();
  });

  it('leaves no object behind when the source stream fails, and keeps the previous one intact', async () => {
    await expect(storage.put('failed/new.jpg', failingStream(200 * 1024))).rejects.toThrow('client went away');
    expect(await storage.stat('failed/new.jpg')).toBeNull();
    expect(await storage.list('failed/')).toEqual([]);

    await storage.put('failed/old.jpg', Buffer.from('previous'));
    await expect(storage.put('failed/old.jpg', failingStream(100 * 1024))).rejects.toThrow('client went away');
    expect((await readAll(await storage.get('failed/old.jpg'))).toString()).toBe('previous');
    expect(await storage.list('failed/')).toEqual(['failed/old.jpg']);
  });

  it('leaves no object behind when a large source fails after several parts', async () => {
    await expect(storage.put('failed/big.bin', failingStream(18 * 1024 * 1024))).rejects.toThrow('client went away');
    expect(await storage.stat('failed/big.bin')).toBeNull();
  });

  itListingUnfinishedWrites(
    'removes writes a killed process left unfinished, and only those begun before the cut-off',
    async () => {
      const hanging = new Readable({ read() {} });
      const writing = storage.put('stale/photo.jpg', hanging).catch((err: Error) => err);
      // Past one multipart part, so S3 has an upload in progress; on disk a temp file is being written.
      hanging.push(randomBytes(9 * 1024 * 1024));
      await new Promise((r) => setTimeout(r, 1500));

      expect(await storage.removeStaleWrites(new Date(Date.now() - 60_000))).toBe(0);
      expect(await storage.removeStaleWrites(new Date(Date.now() + 1000))).toBe(1);
      hanging.destroy(new Error('process killed'));
      await writing;
      expect(await storage.list('stale/')).toEqual([]);
      expect(await storage.removeStaleWrites(new Date(Date.now() + 1000))).toBe(0);
    },
  );

  it('streams a 20 MB object in and out', async () => {
    const size = 20 * 1024 * 1024;
    const source = generated(size, 'twenty');
    expect(await storage.put('large/20mb.bin', source.stream)).toEqual({ size });
    const readBack = createHash('sha256');
    let total = 0;
    for await (const chunk of await storage.get('large/20mb.bin')) {
      readBack.update(chunk as Buffer);
      total += (chunk as Buffer).length;
    }
    expect(total).toBe(size);
    expect(readBack.digest('hex')).toBe(source.digest());
    expect((await storage.stat('large/20mb.bin'))?.size).toBe(size);
  });

  it('stores a buffer larger than one multipart part', async () => {
    const bytes = randomBytes(9 * 1024 * 1024);
    expect(await storage.put('large/9mb.bin', bytes)).toEqual({ size: bytes.length });
    expect((await readAll(await storage.get('large/9mb.bin'))).equals(bytes)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['parent segment', '../x'],
    ['nested parent segment', 'a/../../x'],
    ['dot segment', 'a/./b'],
    ['absolute', '/abs'],
    ['empty segment', 'a//b'],
    ['trailing slash', 'a/b/'],
    ['backslash', 'a\\b'],
    ['NUL', 'a\0b'],
    ['space', 'a b'],
    ['percent', 'a%2e%2e/b'],
    ['tilde', 'a~type'],
    ['non-ASCII', 'café.jpg'],
  ])('rejects an invalid key (%s) with the typed error, for every operation', async (_label, key) => {
    const error = { code: 'INVALID_OBJECT_KEY' };
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toMatchObject(error);
    await expect(storage.get(key)).rejects.toMatchObject(error);
    await expect(storage.stat(key)).rejects.toMatchObject(error);
    await expect(storage.delete(key)).rejects.toMatchObject(error);
  });

  it.each(['../', '/abs/', 'a//', 'a\\b/'])('rejects an invalid list prefix %j', async (prefix) => {
    await expect(storage.list(prefix)).rejects.toBeInstanceOf(InvalidObjectKeyError);
  });

  it('lists everything for an empty prefix', async () => {
    const all = await storage.list('');
    expect(all).toContain('originals/12/ord_abc/34.jpg');
    expect(all).toEqual([...all].sort());
  });
});

describe('FilesystemObjectStorage specifics', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'objects-fs-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps every file inside its root and leaves no temp or empty folders behind', async () => {
    const root = path.join(dir, 'objects');
    const storage = new FilesystemObjectStorage(root);
    await storage.put('originals/1/ord_a/1.jpg', Buffer.from('a'), { contentType: 'image/x-custom' });
    await expect(storage.put('originals/1/ord_a/2.jpg', failingStream(64 * 1024))).rejects.toThrow();
    expect(await fs.readdir(path.join(root, 'originals/1/ord_a'))).toEqual(['1.jpg', '1.jpg~type']);
    await storage.delete('originals/1/ord_a/1.jpg');
    expect(await fs.readdir(root)).toEqual([]);
    expect(await fs.readdir(dir)).toEqual(['objects']);
  });
});
