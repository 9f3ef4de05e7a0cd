import { UsersRepository } from '../../src/modules/auth/persistence/users.repository';
import { CreditsRepository } from '../../src/modules/orders/persistence/credits.repository';
import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';
import { PhotosRepository } from '../../src/modules/photos/persistence/photos.repository';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/** The photos module's repository against the real schema: PGlite always, Postgres when CI provides one. */
describe.each(databaseTargets())('photos repository on %s', (_name, open) => {
  const db = databaseForSuite(open);
  const users = new UsersRepository();
  const orders = new OrdersRepository();
  const credits = new CreditsRepository(orders);
  const photos = new PhotosRepository();
  let seq = 0;

  /** An order of `bought` credits with `uploaded` photos uploaded to it. */
  async function orderWithPhotos(bought: number, uploaded: number, userId?: number) {
    const owner =
      userId ??
      (await users.findOrCreate(db().manager, `ph-${++seq}@example.com`, new Date('2026-01-01T00:00:00Z'))).user.id;
    const orderId = `ord_ph_${++seq}`;
    const ids = await db().transaction(async (tx) => {
      await credits.grant(tx, {
        orderId,
        userId: owner,
        packageId: 'standard',
        amount: 100,
        photos: bought,
        paymentIntentId: `pi_ph_${seq}`,
      });
      await credits.take(tx, owner, orderId, uploaded);
      const rows = [];
      for (let i = 0; i < uploaded; i++) {
        const id = await photos.reserveId(tx);
        rows.push({
          id,
          key: `originals/${owner}/${orderId}/${id}.jpg`,
          name: `photo ${i}.jpg`,
          size: 10 + i,
          differenceHash: i.toString(16).padStart(16, '0'),
        });
      }
      await photos.insertUploaded(tx, owner, orderId, rows);
      return rows.map((r) => r.id);
    });
    return { userId: owner, orderId, ids };
  }

  it("writes uploaded rows under the reserved ids, and lists only the owner's, oldest first", async () => {
    const mine = await orderWithPhotos(3, 2);
    const more = await orderWithPhotos(1, 1, mine.userId);
    const theirs = await orderWithPhotos(1, 1);
    expect((await photos.listOwned(db().manager, mine.userId)).map((p) => p.id)).toEqual([...mine.ids, ...more.ids]);
    expect(await photos.listOfOrder(db().manager, mine.userId, mine.orderId)).toEqual([
      expect.objectContaining({ id: mine.ids[0], name: 'photo 0.jpg', sizeBytes: 10, status: 'uploaded' }),
      expect.objectContaining({ id: mine.ids[1], name: 'photo 1.jpg', sizeBytes: 11, status: 'uploaded' }),
    ]);
    expect(await photos.listOfOrder(db().manager, theirs.userId, mine.orderId)).toEqual([]);
    expect(await photos.findOwned(db().manager, mine.userId, mine.ids[0])).toMatchObject({ orderId: mine.orderId });
    expect(await photos.findOwned(db().manager, theirs.userId, mine.ids[0])).toBeNull();
    // What a later upload to the order is checked against for duplicates: its photos' hashes, oldest first.
    expect(await photos.hashesOfOrder(db().manager, mine.orderId)).toEqual([
      { name: 'photo 0.jpg', hash: '0000000000000000' },
      { name: 'photo 1.jpg', hash: '0000000000000001' },
    ]);
  });

  it("lists an order's delivered photos for its harmonisation and replaces one's files only if they are as read", async () => {
    const { ids, orderId } = await orderWithPhotos(3, 3);
    const files = (stem: string) => ({
      enhancedPath: `${stem}-e`,
      previewPath: `${stem}-p`,
      thumbnailPath: `${stem}-t`,
      beforePreviewPath: `${stem}-b`,
      engineVersion: 'v',
      report: { after: { exposureEv: -1 } },
    });
    await photos.markCompleted(db().manager, ids[0], files('first'));
    await photos.markCompleted(db().manager, ids[2], files('third'));
    await photos.markFailed(db().manager, ids[1], 'unreadable');
    expect((await photos.deliveredOfOrder(db().manager, orderId)).map((p) => p.id)).toEqual([ids[0], ids[2]]);

    const harmonised = { ...files('first-h'), report: { harmonisation: {} } };
    expect(await photos.replaceEnhanced(db().manager, ids[0], harmonised, 'elsewhere')).toBe(false);
    expect(await photos.replaceEnhanced(db().manager, ids[0], harmonised, 'first-e')).toBe(true);
    expect(await photos.findById(db().manager, ids[0])).toMatchObject({
      enhancedPath: 'first-h-e',
      enhancementReport: { harmonisation: {} },
    });
  });

  it("lists as waiting only the owner's uploaded photos of pending orders, in the asked order when given", async () => {
    const pending = await orderWithPhotos(2, 2);
    const stillNew = await orderWithPhotos(3, 1, pending.userId);
    const other = await orderWithPhotos(1, 1);
    await photos.markFailed(db().manager, pending.ids[1], 'unreadable');
    const asked = [...pending.ids, ...stillNew.ids, ...other.ids];
    expect(await photos.waitingOfOwner(db().manager, pending.userId, asked)).toEqual([pending.ids[0]]);
    expect(await photos.waitingOfOwner(db().manager, pending.userId, asked, pending.orderId)).toEqual([pending.ids[0]]);
    expect(await photos.waitingOfOwner(db().manager, pending.userId, asked, stillNew.orderId)).toEqual([]);
    expect(await photos.uploadedIds(db().manager, pending.orderId)).toEqual([pending.ids[0]]);
  });

  it('moves a photo on from uploaded once: completed or failed, never both', async () => {
    const { ids } = await orderWithPhotos(2, 2);
    const outputs = {
      enhancedPath: 'e',
      previewPath: 'p',
      thumbnailPath: 't',
      beforePreviewPath: 'b',
      engineVersion: 'v',
      report: {},
    };
    expect(await photos.markCompleted(db().manager, ids[0], outputs)).toBe(true);
    expect(await photos.markFailed(db().manager, ids[0], 'late')).toBe(false);
    expect(await photos.markFailed(db().manager, ids[1], 'x'.repeat(2000))).toBe(true);
    expect(await photos.markCompleted(db().manager, ids[1], outputs)).toBe(false);
    expect(await photos.findById(db().manager, ids[0])).toMatchObject({ status: 'completed', enhancedPath: 'e' });
    const failed = await photos.findById(db().manager, ids[1]);
    expect(failed).toMatchObject({ status: 'failed', enhancedPath: null });
    expect(failed?.failureReason).toHaveLength(1000);
  });

  it("finds the owner's photos finished since a time, enhanced or failed (webhooks' reconciler)", async () => {
    const { userId, orderId, ids } = await orderWithPhotos(3, 3);
    const other = await orderWithPhotos(1, 1);
    const before = new Date(Date.now() - 60_000);
    const outputs = {
      enhancedPath: 'e',
      previewPath: 'p',
      thumbnailPath: 't',
      beforePreviewPath: 'b',
      engineVersion: 'v',
      report: {},
    };
    await photos.markCompleted(db().manager, ids[0], outputs);
    await photos.markFailed(db().manager, ids[1], 'unreadable');
    await photos.markCompleted(db().manager, other.ids[0], outputs);
    expect(await photos.finishedSince(db().manager, userId, 'completed', before)).toEqual([
      { id: ids[0], order_id: orderId },
    ]);
    expect(await photos.finishedSince(db().manager, userId, 'failed', before)).toEqual([
      { id: ids[1], order_id: orderId },
    ]);
    expect(await photos.finishedSince(db().manager, userId, 'completed', new Date(Date.now() + 60_000))).toEqual([]);
  });
});
