import sharp from 'sharp';
import { renderBracket } from '../../test/fixtures/brackets';
import { realPhotos } from '../../test/fixtures/photos';
import { checkBracket } from './check';
import { MAX_BRACKET_FRAMES } from './frames';

const WIDTH = 300;
const HEIGHT = 200;

describe('checkBracket', () => {
  let bracket: Buffer[];
  beforeAll(async () => {
    bracket = await renderBracket(WIDTH, HEIGHT, [{ ev: -2, dx: 2 }, { ev: 0 }, { ev: 2, dy: -1.5, rotationDeg: 0.4 }]);
  });

  it('accepts a handheld bracket of one view, in any upload order', async () => {
    expect(await checkBracket(bracket)).toEqual({ ok: true });
    expect(await checkBracket([bracket[2], bracket[0], bracket[1]])).toEqual({ ok: true });
  });

  it('refuses a single frame and more than seven, before reading any', async () => {
    expect(await checkBracket([bracket[1]])).toEqual({
      ok: false,
      problem: 'too-few-frames',
      message: 'A bracket needs at least 2 frames of the same view; upload a single frame as a photo of its own.',
    });
    const eight = Array.from({ length: MAX_BRACKET_FRAMES + 1 }, (_, i) => bracket[i % 3]);
    expect(await checkBracket(eight)).toEqual({
      ok: false,
      problem: 'too-many-frames',
      message: 'A bracket can have at most 7 frames; this one has 8.',
    });
  });

  it('names a frame that is not a photo', async () => {
    expect(await checkBracket([bracket[0], Buffer.from('not a photo at all')])).toEqual({
      ok: false,
      problem: 'unreadable',
      message: 'Frame 2 cannot be read: The file is not a readable JPEG, PNG, WebP or HEIC photo.',
      frameIndex: 1,
    });
  });

  it('refuses frames of different sizes', async () => {
    const [small] = await renderBracket(240, 160, [{ ev: 1 }]);
    expect(await checkBracket([bracket[0], bracket[1], small])).toEqual({
      ok: false,
      problem: 'different-sizes',
      message: 'Frame 3 is 240 x 160 pixels and frame 1 is 300 x 200: every frame of a bracket must be the same size.',
      frameIndex: 2,
    });
  });

  it('refuses a frame taken the other way up (its EXIF turns it a quarter)', async () => {
    const turned = await sharp(bracket[2]).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkBracket([bracket[0], turned])).toEqual({
      ok: false,
      problem: 'different-orientations',
      message: 'Frame 2 is portrait and frame 1 is landscape: every frame of a bracket must be taken the same way up.',
      frameIndex: 1,
    });
  });

  it('refuses two frames at the same exposure', async () => {
    const [again] = await renderBracket(WIDTH, HEIGHT, [{ ev: 0, dx: 1 }]);
    expect(await checkBracket([bracket[1], bracket[2], again])).toEqual({
      ok: false,
      problem: 'same-exposure',
      message: 'Frames 1 and 3 have the same exposure: a bracket needs each frame taken at a different exposure.',
      frameIndex: 2,
    });
  });

  it('calls a frame of another room at the same brightness another view, not the same exposure', async () => {
    const [room] = realPhotos(1);
    const resized = await sharp(room.data).resize(WIDTH, HEIGHT, { fit: 'fill' }).png().toBuffer();
    // Brought to the bracket frame's mean level, so brightness alone cannot tell the two apart.
    const mean = async (image: Buffer) => (await sharp(image).greyscale().stats()).channels[0].mean;
    const other = await sharp(resized)
      .linear((await mean(bracket[1])) / (await mean(resized)), 0)
      .png()
      .toBuffer();
    expect(await checkBracket([bracket[1], other])).toMatchObject({ ok: false, problem: 'different-scenes' });
  });

  it('refuses a frame of another room', async () => {
    const [room] = realPhotos(1);
    const other = await sharp(room.data).resize(WIDTH, HEIGHT, { fit: 'fill' }).png().toBuffer();
    expect(await checkBracket([bracket[0], bracket[1], other])).toEqual({
      ok: false,
      problem: 'different-scenes',
      message:
        'Frame 3 does not show the same view as frame 2: every frame of a bracket must be taken from the same spot.',
      frameIndex: 2,
    });
  });
});
