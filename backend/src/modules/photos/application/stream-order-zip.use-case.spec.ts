import { Readable, Writable } from 'node:stream';
import { type DataSource } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { zipEntries } from '../../../../test/support/photos';
import { type OwnedOrders } from '../../orders';
import { type ObjectStorage } from '../../storage';
import { type PhotoEntity } from '../persistence/photo.entity';
import { type PhotosRepository } from '../persistence/photos.repository';
import { StreamOrderZip } from './stream-order-zip.use-case';

const PHOTO_BYTES = 4 * 1024 * 1024;

/** Three delivered photos of 4 MB each, read from a store that says which files it opened and whether they closed. */
function orderOfThree() {
  const opened: { key: string; stream: Readable }[] = [];
  const photos = [1, 2, 3].map(
    (id) =>
      ({
        id,
        name: `room-${id}.jpg`,
        status: 'completed',
        enhancedPath: `enhanced/7/ord/${id}-enhanced.jpg`,
        purgedAt: null,
        processDate: new Date('2026-01-05T10:00:00Z'),
      }) as unknown as PhotoEntity,
  );
  const zip = new StreamOrderZip(
    strictFake<DataSource>('dataSource', { manager: transactionHandle('manager') }),
    strictFake<OwnedOrders>('orders', { findOwned: async () => ({ id: 'ord' }) }),
    strictFake<PhotosRepository>('photos', { listOfOrder: async () => photos }),
    strictFake<ObjectStorage>('storage', {
      get: async (key: string) => {
        const stream = Readable.from(
          (function* () {
            for (let sent = 0; sent < PHOTO_BYTES; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, sent % 251);
          })(),
        );
        opened.push({ key, stream });
        return stream;
      },
    }),
  );
  return { zip, opened };
}

describe('StreamOrderZip', () => {
  it('writes every photo into the zip for a client that reads it all', async () => {
    const { zip, opened } = orderOfThree();
    const chunks: Buffer[] = [];
    const out = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk);
        done();
      },
    });
    await (await zip.execute(7, 'ord')).writeTo(out);

    const entries = zipEntries(Buffer.concat(chunks));
    expect(entries.map((e) => [e.name, e.data.length])).toEqual([
      ['enhanced-photos/room-1-enhanced.jpg', PHOTO_BYTES],
      ['enhanced-photos/room-2-enhanced.jpg', PHOTO_BYTES],
      ['enhanced-photos/room-3-enhanced.jpg', PHOTO_BYTES],
    ]);
    expect(opened.every((o) => o.stream.destroyed)).toBe(true);
  });

  it('stops, and lets go of the photo it was reading, when the client leaves mid-download', async () => {
    const { zip, opened } = orderOfThree();
    let received = 0;
    // A connection the client closes after 1 MB: the response stream is destroyed under the archive.
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received >= 1024 * 1024) setImmediate(() => this.destroy());
        setTimeout(done, 1);
      },
    });

    await expect((await zip.execute(7, 'ord')).writeTo(out)).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    expect(opened.map((o) => o.key)).toEqual(['enhanced/7/ord/1-enhanced.jpg']);
    expect(opened[0].stream.destroyed).toBe(true);
  });
});
