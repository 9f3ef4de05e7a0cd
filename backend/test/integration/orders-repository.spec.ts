import { type EntityManager } from 'typeorm';
import { UserEntity } from '../../src/modules/auth';
import { OrderEntity } from '../../src/modules/orders';
import { CreditsRepository } from '../../src/modules/orders/persistence/credits.repository';
import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';
import { EmailDeliveriesRepository } from '../../src/modules/notifications/persistence/email-deliveries.repository';
import { PhotosRepository } from '../../src/modules/photos/persistence/photos.repository';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/** The orders module's repositories against the real schema: PGlite always, Postgres when CI provides one. */
const targets = databaseTargets();

describe.each(targets)('orders repositories on %s', (_name, open) => {
  const db = databaseForSuite(open);
  const orders = new OrdersRepository();
  const credits = new CreditsRepository(orders);
  const photos = new PhotosRepository();
  const deliveries = new EmailDeliveriesRepository();
  let seq = 0;

  async function buy(photosBought: number) {
    const user = await db()
      .getRepository(UserEntity)
      .save({ email: `host-${++seq}@example.com` });
    const orderId = `ord_repo_${seq}`;
    await db().transaction((tx) =>
      credits.grant(tx, {
        orderId,
        userId: user.id,
        packageId: 'standard',
        amount: 100,
        photos: photosBought,
        paymentIntentId: `pi_repo_${seq}`,
      }),
    );
    return { userId: user.id, orderId };
  }

  async function upload(userId: number, orderId: string, count: number) {
    return db().transaction(async (tx) => {
      const taken = await credits.take(tx, userId, orderId, count);
      const rows = [];
      for (let i = 0; i < count; i++) {
        const id = await photos.reserveId(tx);
        rows.push({
          id,
          key: `originals/${userId}/${orderId}/${id}.jpg`,
          name: `${id}.jpg`,
          size: 1,
          differenceHash: '0'.repeat(16),
        });
      }
      await photos.insertUploaded(tx, userId, orderId, rows);
      return { taken, ids: rows.map((r) => r.id) };
    });
  }

  const balance = async (userId: number) => db().getRepository(UserEntity).findOneByOrFail({ id: userId });
  const order = async (orderId: string) => db().getRepository(OrderEntity).findOneByOrFail({ id: orderId });

  it('grants a new order with every credit, and the same credits and package to the owner', async () => {
    const { userId, orderId } = await buy(3);
    expect(await order(orderId)).toMatchObject({ status: 'new', photosPurchased: 3, photosRemaining: 3, userId });
    expect(await balance(userId)).toMatchObject({ photosRemaining: 3, packageType: 'standard' });
  });

  it("takes from the order's and the owner's credits, moving the order to pending with the last one", async () => {
    const { userId, orderId } = await buy(3);
    expect((await upload(userId, orderId, 2)).taken).toEqual({ status: 'new', photosRemaining: 1 });
    expect((await balance(userId)).photosRemaining).toBe(1);
    expect((await upload(userId, orderId, 1)).taken).toEqual({ status: 'pending', photosRemaining: 0 });
    expect(await order(orderId)).toMatchObject({ status: 'pending', photosRemaining: 0 });
    expect((await balance(userId)).photosRemaining).toBe(0);
  });

  it('refuses too many photos, a pending order and someone else’s order, changing nothing', async () => {
    const { userId, orderId } = await buy(2);
    await expect(upload(userId, orderId, 3)).rejects.toMatchObject({ code: 'TOO_MANY_PHOTOS' });
    await expect(upload(userId + 1000, orderId, 1)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(await order(orderId)).toMatchObject({ status: 'new', photosRemaining: 2 });
    expect(await db().query('SELECT id FROM photos WHERE order_id = $1', [orderId])).toEqual([]);
    await upload(userId, orderId, 2);
    await expect(upload(userId, orderId, 1)).rejects.toMatchObject({ code: 'ORDER_NOT_ACCEPTING' });
  });

  it("refuses when the owner's balance is short, even if the order has credits", async () => {
    const { userId, orderId } = await buy(2);
    await db().query('UPDATE users SET photos_remaining = 1 WHERE id = $1', [userId]);
    await expect(upload(userId, orderId, 2)).rejects.toMatchObject({ code: 'NO_CREDITS' });
    expect(await order(orderId)).toMatchObject({ photosRemaining: 2 });
    expect((await balance(userId)).photosRemaining).toBe(1);
  });

  it("changes an order's look for its owner only, and only until its first upload", async () => {
    const { userId, orderId } = await buy(2);
    expect((await order(orderId)).look).toBe('listing');
    expect(await orders.changeLookBeforeUpload(db().manager, userId + 1000, orderId, 'natural')).toBeNull();
    expect(await orders.changeLookBeforeUpload(db().manager, userId, orderId, 'warm')).toMatchObject({ look: 'warm' });
    await upload(userId, orderId, 1);
    expect(await orders.changeLookBeforeUpload(db().manager, userId, orderId, 'bright-airy')).toBeNull();
    expect((await order(orderId)).look).toBe('warm');
  });

  it('completes a pending order once, when no photo is still waiting, counting the delivered ones', async () => {
    const { userId, orderId } = await buy(2);
    const { ids } = await upload(userId, orderId, 2);
    expect(await db().transaction((tx) => orders.completeIfDone(tx, orderId))).toBeNull();
    await db().transaction(async (tx) => {
      await photos.markCompleted(tx, ids[0], {
        enhancedPath: 'e',
        previewPath: 'p',
        thumbnailPath: 't',
        beforePreviewPath: 'b',
        engineVersion: 'v',
        report: {},
      });
      await credits.recordProcessed(tx, userId);
    });
    await photos.markFailed(db().manager, ids[1], 'unreadable');
    // Every photo done: the order waits for its harmonisation, which is recorded once, and then completes.
    expect(await db().transaction((tx) => orders.completeIfDone(tx, orderId))).toBe('harmonise');
    // It waits with its look, which its photos are matched within.
    expect(await orders.awaitsHarmonisation(db().manager, orderId)).toBe('listing');
    await orders.markHarmonised(db().manager, orderId, 1);
    await orders.markHarmonised(db().manager, orderId, 5);
    expect(await orders.awaitsHarmonisation(db().manager, orderId)).toBeNull();
    expect(await order(orderId)).toMatchObject({ status: 'pending', photosMatched: 1, harmonisedAt: expect.any(Date) });
    expect(await db().transaction((tx) => orders.completeIfDone(tx, orderId))).toEqual({
      id: orderId,
      userId,
      packageType: 'standard',
      photosProcessed: 1,
    });
    expect(await db().transaction((tx) => orders.completeIfDone(tx, orderId))).toBeNull();
    expect(await order(orderId)).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    expect((await balance(userId)).photosProcessed).toBe(1);
    // What webhooks' reconciler reads back: the owner's orders completed since a time, with their delivered photos.
    const before = new Date(Date.now() - 60_000);
    expect(await orders.completedSince(db().manager, userId, before)).toEqual([{ id: orderId, photos_processed: 1 }]);
    expect((await orders.completedSince(db().manager, userId + 1, before)).map((o) => o.id)).not.toContain(orderId);
    expect(await orders.completedSince(db().manager, userId, new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('claims the ready email of a completed order once, with its counts, and takes a released claim again', async () => {
    const { userId, orderId } = await buy(2);
    const { ids } = await upload(userId, orderId, 2);
    // The claim is notifications' lease; what the email says is the order's.
    const claimReadyEmail = async (tx: EntityManager, id: string) =>
      (await deliveries.lease(tx, 'photos-ready', id, `<${id}@test>`, 60_000)) && orders.readyEmailFacts(tx, id);
    expect(await orders.readyEmailFacts(db().manager, orderId)).toBeNull();
    await photos.markFailed(db().manager, ids[0], 'unreadable');
    await photos.markCompleted(db().manager, ids[1], {
      enhancedPath: 'e',
      previewPath: 'p',
      thumbnailPath: 't',
      beforePreviewPath: 'b',
      engineVersion: 'v',
      report: {},
    });
    await orders.markHarmonised(db().manager, orderId, 1);
    await db().transaction((tx) => orders.completeIfDone(tx, orderId));
    const claim = await claimReadyEmail(db().manager, orderId);
    expect(claim).toMatchObject({
      id: orderId,
      email: expect.stringContaining('@example.com'),
      delivered: 1,
      failed: 1,
    });
    expect(await claimReadyEmail(db().manager, orderId)).toBeNull();
    expect(await orders.completedWithoutReadyEmail(db().manager)).not.toContain(orderId);
    await deliveries.release(db().manager, 'photos-ready', orderId);
    expect(await orders.completedWithoutReadyEmail(db().manager)).toContain(orderId);
    expect(await claimReadyEmail(db().manager, orderId)).toMatchObject({ id: orderId });
  });

  it('never completes a new order, however its photos stand', async () => {
    const { userId, orderId } = await buy(2);
    const { ids } = await upload(userId, orderId, 1);
    await photos.markFailed(db().manager, ids[0], 'unreadable');
    expect(await db().transaction((tx) => orders.completeIfDone(tx, orderId))).toBeNull();
    expect((await order(orderId)).status).toBe('new');
  });
});
