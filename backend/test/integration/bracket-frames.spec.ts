import { UsersRepository } from '../../src/modules/auth/persistence/users.repository';
import { CreditsRepository } from '../../src/modules/orders/persistence/credits.repository';
import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';
import { PhotosRepository } from '../../src/modules/photos/persistence/photos.repository';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/** A bracket's frames on the photo row (migration 1764633600000) against the real schema. */
describe.each(databaseTargets())('bracket frames on %s', (_name, open) => {
  const db = databaseForSuite(open);
  const photos = new PhotosRepository();
  let seq = 0;

  /** Writes one photo with these frames to a new order; resolves to its id. */
  async function insert(framePaths: string[] | undefined, key = framePaths?.[1] ?? 'originals/1/o/1.jpg') {
    const users = new UsersRepository();
    const credits = new CreditsRepository(new OrdersRepository());
    const { user } = await users.findOrCreate(db().manager, `fr-${++seq}@example.com`, new Date('2026-01-01Z'));
    const orderId = `ord_fr_${seq}`;
    return db().transaction(async (tx) => {
      await credits.grant(tx, {
        orderId,
        userId: user.id,
        packageId: 'basic',
        amount: 2900,
        photos: 5,
        paymentIntentId: `pi_fr_${seq}`,
      });
      await credits.take(tx, user.id, orderId, 1);
      const id = await photos.reserveId(tx);
      await photos.insertUploaded(tx, user.id, orderId, [
        { id, key, name: 'kitchen.jpg', size: 30, differenceHash: '0'.repeat(16), framePaths },
      ]);
      return id;
    });
  }

  const frames = (n: number) => Array.from({ length: n }, (_, i) => `originals/1/o/9-f${i + 1}.jpg`);

  it('keeps a bracket’s frame keys in upload order, counts them as owned, and none for a photo of one file', async () => {
    const bracket = await insert(frames(3));
    const single = await insert(undefined);
    expect((await photos.findById(db().manager, bracket))?.framePaths).toEqual(frames(3));
    expect((await photos.findById(db().manager, single))?.framePaths).toBeNull();
    expect(await photos.ownedKeys(db().manager, [...frames(3), 'originals/1/o/9-f4.jpg'])).toEqual(new Set(frames(3)));
  });

  it('refuses a bracket of one frame or of eight, and an original that is not one of its frames', async () => {
    await expect(insert(frames(1), frames(1)[0])).rejects.toThrow(/photos_frame_paths_check/);
    await expect(insert(frames(8))).rejects.toThrow(/photos_frame_paths_check/);
    await expect(insert(frames(2), 'originals/1/o/elsewhere.jpg')).rejects.toThrow(/photos_frame_paths_check/);
    await expect(insert(frames(7))).resolves.toEqual(expect.any(Number));
  });
});
