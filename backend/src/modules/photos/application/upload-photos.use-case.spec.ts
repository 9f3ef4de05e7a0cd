import { Readable } from 'node:stream';
import sharp from 'sharp';
import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type OrderEntity } from '../../orders';
import { type JobQueue } from '../../../shared/queue/job-queue';
import { type Analytics } from '../../analytics/ports/analytics';
import { noCredits, type OrderCredits, type OwnedOrders } from '../../orders';
import { type ObjectStorage } from '../../storage/ports/object-storage';
import { ShutdownDrain } from '../../../shared/lifecycle/shutdown-drain';
import { type PhotosRepository } from '../persistence/photos.repository';
import { type UploadPart, UploadPhotos } from './upload-photos.use-case';

/**
 * Upload is all or nothing: whatever fails (a file, or the credits at commit), every object this request stored is
 * removed and no photo row is written. Strict fakes: any port call the test did not expect fails it.
 */
describe('UploadPhotos all or nothing', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
  });

  const tx = transactionHandle('tx');
  const manager = transactionHandle('manager');
  const dataSource = strictFake<DataSource>('dataSource', {
    manager,
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });
  const order = { id: 'ord_1', userId: 7, status: 'new', photosRemaining: 3, photosPurchased: 3 } as OrderEntity;

  function setUp(opts: { take: OrderCredits['take']; failPutOf?: number }) {
    const objects = new Map<string, Buffer>();
    const deleted: string[] = [];
    const inserted: unknown[] = [];
    const captured: unknown[] = [];
    let puts = 0;
    let nextId = 100;
    const storage = strictFake<ObjectStorage>('storage', {
      put: async (key: string, body: Readable | Buffer) => {
        puts++;
        const chunks: Buffer[] = [];
        for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
        if (puts === opts.failPutOf) throw new Error('store down');
        objects.set(key, Buffer.concat(chunks));
        return { size: Buffer.concat(chunks).length };
      },
      get: async (key: string) => Readable.from([objects.get(key)!]),
      delete: async (key: string) => {
        deleted.push(key);
        objects.delete(key);
      },
    });
    const photos = strictFake<PhotosRepository>('photos', {
      reserveId: async () => nextId++,
      insertUploaded: async (...args: unknown[]) => void inserted.push(args),
      hashesOfOrder: async () => [],
    });
    const orders = strictFake<OwnedOrders>('orders', { findOwned: async () => order });
    const credits = strictFake<OrderCredits>('credits', { take: opts.take });
    const useCase = new UploadPhotos(
      dataSource,
      photos,
      orders,
      credits,
      storage,
      strictFake<JobQueue>('queue'),
      strictFake<Analytics>('analytics', { capture: async (...args: unknown[]) => void captured.push(args) }),
    );
    return { useCase, objects, deleted, inserted, captured };
  }

  const parts = (files: number): AsyncIterable<UploadPart> =>
    (async function* () {
      yield { kind: 'field', name: 'orderId', value: 'ord_1' };
      for (let i = 0; i < files; i++) {
        yield { kind: 'file', field: 'photos', fileName: `room-${i}.png`, stream: Readable.from([png]) };
      }
    })();

  it('stores nothing and writes no row when the credits are gone at commit', async () => {
    const { useCase, objects, deleted, inserted } = setUp({
      take: async () => {
        throw noCredits();
      },
    });
    await expect(useCase.execute(7, parts(2), new ShutdownDrain())).rejects.toMatchObject({ code: 'NO_CREDITS' });
    expect(inserted).toEqual([]);
    expect(objects.size).toBe(0);
    expect(deleted.sort()).toEqual(['originals/7/ord_1/100.png', 'originals/7/ord_1/101.png']);
  });

  it('removes the files already stored when a later one fails, before taking any credit', async () => {
    const take = jest.fn();
    const { useCase, objects, inserted } = setUp({ take, failPutOf: 2 });
    await expect(useCase.execute(7, parts(2), new ShutdownDrain())).rejects.toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
    expect(take).not.toHaveBeenCalled();
    expect(inserted).toEqual([]);
    expect(objects.size).toBe(0);
  });

  it('takes the credits and writes the rows in one transaction when every file passed', async () => {
    const take = jest.fn(async () => ({ status: 'new' as const, photosRemaining: 1 }));
    const { useCase, objects, inserted, captured } = setUp({ take });
    const result = await useCase.execute(7, parts(2), new ShutdownDrain());
    expect(take).toHaveBeenCalledWith(tx, 7, 'ord_1', 2);
    const hash = expect.stringMatching(/^[0-9a-f]{16}$/);
    expect(inserted).toEqual([
      [
        tx,
        7,
        'ord_1',
        [
          // The hash is kept so a later upload to the order is checked for duplicates of these photos.
          { id: 100, key: 'originals/7/ord_1/100.png', name: 'room-0.png', size: png.length, differenceHash: hash },
          { id: 101, key: 'originals/7/ord_1/101.png', name: 'room-1.png', size: png.length, differenceHash: hash },
        ],
      ],
    ]);
    expect(objects.size).toBe(2);
    expect(result.order).toEqual({ id: 'ord_1', status: 'new', photos_remaining: 1 });
    // Two identical flat 8 x 8 squares: both too small and blurred, the second a duplicate of the first.
    expect(result.photos.map((p) => p.checks.map((c) => c.code))).toEqual([
      ['too_small', 'blurred'],
      ['too_small', 'blurred', 'duplicate'],
    ]);
    expect(result.photos[1].checks[2].message).toBe('Looks like a duplicate of room-0.png');
    expect(captured).toEqual([
      [
        'Photo Checks',
        '7',
        {
          orderId: 'ord_1',
          numPhotos: 2,
          photosFlagged: 2,
          flaggedTooSmall: 2,
          flaggedPortrait: 0,
          flaggedDark: 0,
          flaggedBlurred: 2,
          flaggedDuplicate: 1,
        },
      ],
    ]);
  });

  it('refuses an upload that begins while the service shuts down, storing nothing', async () => {
    const take = jest.fn();
    const { useCase, objects } = setUp({ take });
    const shutdown = new ShutdownDrain();
    shutdown.begin();
    await expect(useCase.execute(7, parts(2), shutdown)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'RESTARTING',
      message: 'The service is restarting; please upload again',
    });
    expect(objects.size).toBe(0);
  });

  it('removes what it stored and answers 503 when the shutdown cuts it mid-upload', async () => {
    const take = jest.fn();
    const { useCase, objects, inserted } = setUp({ take });
    const shutdown = new ShutdownDrain();
    const slow = new Readable({ read() {} });
    // As multipartParts does: a file failed before the use case reads it must not be an unhandled error.
    slow.on('error', () => undefined);
    const cutMidFile = (async function* (): AsyncIterable<UploadPart> {
      yield { kind: 'field', name: 'orderId', value: 'ord_1' };
      yield { kind: 'file', field: 'photos', fileName: 'room-0.png', stream: Readable.from([png]) };
      // The second file is still arriving when the limit passes; the parts then fail, as multipartParts does.
      slow.push(png.subarray(0, 20));
      yield { kind: 'file', field: 'photos', fileName: 'room-1.png', stream: slow };
    })();
    const upload = useCase.execute(7, cutMidFile, shutdown);
    await new Promise((r) => setTimeout(r, 20));
    expect(objects.size).toBe(1);
    shutdown.cutRequests();
    slow.destroy(shutdown.cut.reason as Error);
    await expect(upload).rejects.toMatchObject({ kind: 'unavailable', code: 'RESTARTING' });
    expect(objects.size).toBe(0);
    expect(take).not.toHaveBeenCalled();
    expect(inserted).toEqual([]);
  });
});
