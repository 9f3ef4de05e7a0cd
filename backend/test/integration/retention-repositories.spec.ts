import { UsersRepository } from '../../src/modules/auth/persistence/users.repository';
import { EmailDeliveriesRepository } from '../../src/modules/notifications/persistence/email-deliveries.repository';
import { CreditsRepository } from '../../src/modules/orders/persistence/credits.repository';
import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';
import { PhotosRepository } from '../../src/modules/photos/persistence/photos.repository';
import { JobLocksRepository } from '../../src/modules/system/persistence/job-locks.repository';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/**
 * What the retention jobs select and claim, through the repositories of the modules that own the tables (orders,
 * photos, system): PGlite always, Postgres when CI provides one.
 */
describe.each(databaseTargets())('retention queries on %s', (_name, open) => {
  const db = databaseForSuite(open);
  const users = new UsersRepository();
  const orders = new OrdersRepository();
  const credits = new CreditsRepository(orders);
  const photos = new PhotosRepository();
  const locks = new JobLocksRepository();
  const deliveries = new EmailDeliveriesRepository();
  let seq = 0;
  const at = (iso: string) => new Date(iso);
  const outputs = (id: number) => ({
    enhancedPath: `enhanced/${id}.jpg`,
    previewPath: `previews/${id}.jpg`,
    thumbnailPath: `thumbnails/${id}.jpg`,
    beforePreviewPath: `before/${id}.webp`,
    engineVersion: 'v',
    report: {},
  });

  /** A completed order of `n` photos (the first `failed` of them failed), completed at `completedAt`. */
  async function completedOrder(completedAt: string, n = 1, failed = 0) {
    const { user } = await users.findOrCreate(db().manager, `ret-${++seq}@example.com`, at('2026-01-01T00:00:00Z'));
    const orderId = `ord_ret_${String(seq).padStart(4, '0')}`;
    const ids = await db().transaction(async (tx) => {
      await credits.grant(tx, {
        orderId,
        userId: user.id,
        packageId: 'standard',
        amount: 100,
        photos: n,
        paymentIntentId: `pi_ret_${seq}`,
      });
      await credits.take(tx, user.id, orderId, n);
      const rows = [];
      for (let i = 0; i < n; i++) {
        const id = await photos.reserveId(tx);
        rows.push({
          id,
          key: `originals/${user.id}/${orderId}/${id}.jpg`,
          name: `${id}.jpg`,
          size: 1,
          differenceHash: '0'.repeat(16),
        });
      }
      await photos.insertUploaded(tx, user.id, orderId, rows);
      return rows.map((r) => r.id);
    });
    for (const [i, id] of ids.entries()) {
      if (i < failed) await photos.markFailed(db().manager, id, 'unreadable');
      else await photos.markCompleted(db().manager, id, outputs(id));
    }
    await orders.markHarmonised(db().manager, orderId, null);
    await db().transaction((tx) => orders.completeIfDone(tx, orderId));
    await db().query('UPDATE orders SET completed_at = $2 WHERE id = $1', [orderId, at(completedAt)]);
    return { userId: user.id, orderId, ids };
  }

  it('pages through the completed orders due for the purge by id, leaving out newer and purged ones', async () => {
    const a = await completedOrder('2026-01-01T00:00:00Z');
    const b = await completedOrder('2026-01-02T00:00:00Z');
    const c = await completedOrder('2026-01-03T00:00:00Z');
    const recent = await completedOrder('2026-03-01T00:00:00Z');
    await orders.markPurged(db().manager, c.orderId, at('2026-02-01T00:00:00Z'));
    const cutoff = at('2026-02-01T00:00:00Z');
    const due = async (afterId: string, limit: number) =>
      (await orders.dueForPurge(db().manager, cutoff, afterId, limit)).map((o) => o.id);
    const mine = [a.orderId, b.orderId, c.orderId, recent.orderId];
    expect((await due('', 1000)).filter((id) => mine.includes(id))).toEqual([a.orderId, b.orderId]);
    expect(await due(a.orderId, 1)).toEqual([b.orderId]);
  });

  it("marks an order's photos purged, keeping the original's key, and finds no unpurged photo after", async () => {
    const { orderId, ids } = await completedOrder('2026-01-01T00:00:00Z', 2);
    const before = await photos.unpurgedOfOrder(db().manager, orderId);
    expect(before.map((p) => p.id)).toEqual(ids);
    await photos.markPurged(db().manager, ids, at('2026-04-01T00:00:00Z'));
    expect(await photos.unpurgedOfOrder(db().manager, orderId)).toEqual([]);
    const purged = await photos.findById(db().manager, ids[0]);
    expect(purged).toMatchObject({
      originalPath: before[0].originalPath,
      enhancedPath: null,
      previewPath: null,
      thumbnailPath: null,
      beforePreviewPath: null,
      purgedAt: at('2026-04-01T00:00:00Z'),
    });
  });

  it('tells which stored keys a photo not purged still owns', async () => {
    const live = await completedOrder('2026-01-01T00:00:00Z');
    const gone = await completedOrder('2026-01-01T00:00:00Z');
    const [liveId] = live.ids;
    const [goneId] = gone.ids;
    const goneOriginal = (await photos.findById(db().manager, goneId))!.originalPath;
    await photos.markPurged(db().manager, [goneId], at('2026-04-01T00:00:00Z'));
    const liveOriginal = (await photos.findById(db().manager, liveId))!.originalPath;
    const owned = await photos.ownedKeys(db().manager, [
      liveOriginal,
      `enhanced/${liveId}.jpg`,
      `thumbnails/${liveId}.jpg`,
      `before/${liveId}.webp`,
      goneOriginal,
      `enhanced/${goneId}.jpg`,
      'originals/nobody.jpg',
    ]);
    expect([...owned].sort()).toEqual(
      [liveOriginal, `enhanced/${liveId}.jpg`, `thumbnails/${liveId}.jpg`, `before/${liveId}.webp`].sort(),
    );
  });

  it('selects orders for the reminder inside its window with something to download, and claims each once', async () => {
    const inWindow = await completedOrder('2026-01-10T00:00:00Z', 2, 1);
    const allFailed = await completedOrder('2026-01-10T00:00:00Z', 1, 1);
    const tooEarly = await completedOrder('2026-01-20T00:00:00Z');
    const due = await orders.dueForPurgeReminder(
      db().manager,
      at('2026-01-05T00:00:00Z'),
      at('2026-01-15T00:00:00Z'),
      1000,
    );
    expect(due).toContain(inWindow.orderId);
    expect(due).not.toContain(allFailed.orderId);
    expect(due).not.toContain(tooEarly.orderId);

    // The claim is notifications' lease; what the reminder says is the order's.
    const claimPurgeReminder = async (id: string) =>
      (await deliveries.lease(db().manager, 'purge-reminder', id, `<${id}@test>`, 60_000)) &&
      orders.purgeReminderFacts(db().manager, id);
    const claim = await claimPurgeReminder(inWindow.orderId);
    expect(claim).toEqual({
      id: inWindow.orderId,
      completedAt: at('2026-01-10T00:00:00Z'),
      email: expect.stringContaining('@example.com'),
      name: null,
      photos: 1,
    });
    expect(await claimPurgeReminder(inWindow.orderId)).toBeNull();
    expect(
      await orders.dueForPurgeReminder(db().manager, at('2026-01-05T00:00:00Z'), at('2026-01-15T00:00:00Z'), 1000),
    ).not.toContain(inWindow.orderId);
    await deliveries.release(db().manager, 'purge-reminder', inWindow.orderId);
    expect(await claimPurgeReminder(inWindow.orderId)).not.toBeNull();
  });

  it('claims a receipt once, with what it says, and takes a released claim again', async () => {
    const { orderId } = await completedOrder('2026-01-01T00:00:00Z');
    const claimReceipt = async (id: string) =>
      (await deliveries.lease(db().manager, 'purchase-receipt', id, `<${id}@test>`, 60_000)) &&
      orders.receiptFacts(db().manager, id);
    expect(await claimReceipt(orderId)).toEqual({
      id: orderId,
      email: expect.stringContaining('@example.com'),
      name: null,
      packageType: 'standard',
      amount: 100,
    });
    expect(await claimReceipt(orderId)).toBeNull();
    await deliveries.release(db().manager, 'purchase-receipt', orderId);
    expect(await claimReceipt(orderId)).toMatchObject({ id: orderId });
  });

  it('claims a daily tick once, again after it failed or went stale, never while it runs or once it finished', async () => {
    const claim = (tick: string, now: string) => locks.claim(db().manager, 'test.daily', tick, at(now), 6);
    expect(await claim('2026-01-01', '2026-01-01T03:00:00Z')).toBe(true);
    expect(await claim('2026-01-01', '2026-01-01T04:00:00Z')).toBe(false);
    expect(await claim('2026-01-01', '2026-01-01T10:00:00Z')).toBe(true); // stale: no result after 6 hours
    await locks.finish(db().manager, 'test.daily', '2026-01-01', { error: 'storage down' });
    expect(await claim('2026-01-01', '2026-01-01T11:00:00Z')).toBe(true);
    await locks.finish(db().manager, 'test.daily', '2026-01-01', { purged: 3 });
    expect(await claim('2026-01-01', '2026-01-01T23:00:00Z')).toBe(false);
    expect(await claim('2026-01-02', '2026-01-02T03:00:00Z')).toBe(true);
  });

  it('records a heartbeat tick once and tells whether it was recorded', async () => {
    expect(await locks.exists(db().manager, 'test.beat', 'n1')).toBe(false);
    await locks.recordFinished(db().manager, 'test.beat', 'n1');
    await locks.recordFinished(db().manager, 'test.beat', 'n1');
    expect(await locks.exists(db().manager, 'test.beat', 'n1')).toBe(true);
  });
});
