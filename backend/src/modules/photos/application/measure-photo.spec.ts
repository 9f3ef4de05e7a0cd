import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { checkPhoto, checkSelection, type PhotoCheckCode } from '@listinglens/contracts';
import { hugePngHeader } from '../../../../../libs/engine/test/fixtures/enhancement-images';
import { ImageTooLargeError, measurePhotoFile } from './measure-photo';

/**
 * Each check on photos made to fail it, from the committed fixtures, measured the way an upload is (sharp decodes,
 * the shared checks judge). A large enough, sharp, landscape copy of a bedroom is the photo that passes them all.
 */
const FIXTURES = path.join(__dirname, '../../../../test/fixtures/photos');
const bedrooms = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.jpg'))
  .sort();
const fixture = (name = 'bedroom-usa-raashi-saxena.jpg') => fs.readFileSync(path.join(FIXTURES, name));

const codes = async (file: Buffer): Promise<PhotoCheckCode[]> =>
  checkPhoto(await measurePhotoFile(file)).map((c) => c.code);
/** The fixture (800 x 600) brought to 1600 x 1200, above every platform's minimum. */
const large = () => sharp(fixture()).resize(1600, 1200).jpeg({ quality: 92 });

describe('photo checks on real photos', () => {
  it('leave a large, sharp, well-lit landscape photo alone', async () => {
    expect(await codes(await large().toBuffer())).toEqual([]);
  });

  it('refuse a pixel bomb from its header, as too large rather than unreadable', async () => {
    await expect(measurePhotoFile(hugePngHeader(20_000, 20_000))).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(measurePhotoFile(Buffer.from('not an image'))).rejects.not.toBeInstanceOf(ImageTooLargeError);
  });

  it('flag a photo below 1024 x 683 with its size and the size it needs', async () => {
    const checks = checkPhoto(await measurePhotoFile(fixture()));
    expect(checks).toEqual([{ code: 'too_small', message: 'Too small for Airbnb: 800 x 600, needs 1024 x 683' }]);
  });

  it('flag a portrait crop as portrait, and judge its size upright (683 x 1024)', async () => {
    const crop = await sharp(fixture()).extract({ left: 200, top: 0, width: 450, height: 600 }).resize(768, 1024);
    expect(await codes(await crop.jpeg().toBuffer())).toEqual(['portrait']);
    const small = checkPhoto(await measurePhotoFile(await crop.resize(600, 800).jpeg().toBuffer()));
    expect(small.map((c) => c.message)).toEqual([
      'Too small for Airbnb: 600 x 800, needs 683 x 1024',
      'Portrait: listing sites show landscape photos first',
    ]);
  });

  it('apply the EXIF orientation: a landscape-stored photo the camera marks as turned is a portrait', async () => {
    const turned = await large().withMetadata({ orientation: 6 }).toBuffer();
    const measured = await measurePhotoFile(turned);
    expect([measured.width, measured.height]).toEqual([1200, 1600]);
    expect(checkPhoto(measured).map((c) => c.code)).toEqual(['portrait']);
  });

  it('flag a darkened copy as very dark (and not as blurred)', async () => {
    const dark = await large().linear(0.25, 0).jpeg().toBuffer();
    expect(await codes(dark)).toEqual(['dark']);
  });

  it('flag a blurred copy as blurred', async () => {
    const blurred = await large().blur(4).jpeg().toBuffer();
    expect(await codes(blurred)).toEqual(['blurred']);
  });

  it('flag a resized, re-encoded copy as a duplicate of the first, and no two different bedrooms', async () => {
    const copy = await sharp(fixture()).resize(640).jpeg({ quality: 60 }).toBuffer();
    const selection = await Promise.all(
      [...bedrooms.map((name) => ({ name, file: fixture(name) })), { name: 'copy.jpg', file: copy }].map(
        async ({ name, file }) => ({ name, measurements: await measurePhotoFile(file) }),
      ),
    );
    const duplicates = checkSelection(selection).map((checks) =>
      checks.filter((c) => c.code === 'duplicate').map((c) => c.message),
    );
    expect(duplicates).toEqual([[], [], [], [], [], ['Looks like a duplicate of bedroom-usa-raashi-saxena.jpg']]);
  });
});
