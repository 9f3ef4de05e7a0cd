import sharp from 'sharp';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn } from '../support/journey';
import { realPhotos } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';

/** The upload answers with each photo's checks, and the checks never stop a photo from being uploaded. */
describe('photo checks in the upload response', () => {
  let t: TestApp;
  const as = (cookie: string) => sessionOn(t.app.getHttpServer(), cookie);

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('flags a small photo, a portrait one and a duplicate, and uploads them all', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'checks@example.com');
    const orderId = await buyPackage(as(cookie), 'basic');
    const [bedroom] = realPhotos(1);
    const large = await sharp(bedroom.data).resize(1600).jpeg({ quality: 90 }).toBuffer();
    const portrait = await sharp(bedroom.data).extract({ left: 0, top: 0, width: 300, height: 450 }).jpeg().toBuffer();

    const res = await as(cookie)
      .post('/api/photos/upload')
      .field('orderId', orderId)
      .attach('photos', large, 'living-room.jpg')
      .attach('photos', bedroom.data, 'IMG_0042.jpg')
      .attach('photos', portrait, 'hallway.jpg')
      .expect(201);

    // Uploaded and paid for like any other photos: three of the basic package's five credits are spent.
    expect(res.body.order).toEqual({ id: orderId, status: 'new', photos_remaining: 2 });
    expect(res.body.photos.map((p: { name: string; checks: unknown }) => [p.name, p.checks])).toEqual([
      ['living-room.jpg', []],
      [
        'IMG_0042.jpg',
        [
          { code: 'too_small', message: 'Too small for Airbnb: 800 x 450, needs 1024 x 683' },
          { code: 'duplicate', message: 'Looks like a duplicate of living-room.jpg' },
        ],
      ],
      [
        'hallway.jpg',
        [
          { code: 'too_small', message: 'Too small for Airbnb: 300 x 450, needs 683 x 1024' },
          { code: 'portrait', message: 'Portrait: listing sites show landscape photos first' },
        ],
      ],
    ]);

    // A later upload to the same order is checked against the photos already in it.
    const again = await as(cookie)
      .post('/api/photos/upload')
      .field('orderId', orderId)
      .attach('photos', await sharp(bedroom.data).resize(1600).jpeg({ quality: 80 }).toBuffer(), 'copy.jpg')
      .expect(201);
    expect(again.body.photos[0].checks).toEqual([
      { code: 'duplicate', message: 'Looks like a duplicate of living-room.jpg' },
    ]);
  });
});
