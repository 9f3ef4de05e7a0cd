import { decodeRaw, png } from '../../test/fixtures/enhancement-images';
import { roomWithFaces } from '../../test/fixtures/cartoon-faces';
import { correlation, greenValues } from '../../test/fixtures/pixel-statistics';
import { enhance } from '../enhance';
import { sharedFaceDetector } from './face-detector';
import { mergeBoxes } from './boxes';

describe('privacy blur in the pipeline', () => {
  afterAll(() => sharedFaceDetector().close());

  it('merges one face seen on several tiles or levels into one box, and keeps neighbours and a large find apart', () => {
    const merged = mergeBoxes([
      { x: 810, y: 585, w: 179, h: 179 },
      { x: 817, y: 585, w: 169, h: 169 },
      { x: 776, y: 572, w: 231, h: 231 },
      { x: 1000, y: 585, w: 150, h: 150 },
      { x: 500, y: 300, w: 900, h: 900 },
    ]);
    expect(merged).toEqual([
      { x: 776, y: 572, w: 231, h: 231 },
      { x: 1000, y: 585, w: 150, h: 150 },
      { x: 500, y: 300, w: 900, h: 900 },
    ]);
  });

  it('blurs each face in the delivered photo, reports them, and leaves the rest as it would be', async () => {
    const faces = [
      { cx: 300, cy: 260, size: 70, skin: '#e0b090' },
      { cx: 1000, cy: 500, size: 240, skin: '#8a5a3a' },
    ];
    const room = await roomWithFaces(1600, 1000, faces);
    const photo = await png({ width: room.width, height: room.height, data: Buffer.from(room.data) });
    const plain = await enhance(photo);
    const blurred = await enhance(photo, { privacyBlur: true });

    expect(plain.report.corrections.privacy).toBeUndefined();
    const privacy = blurred.report.corrections.privacy;
    expect(privacy).toMatchObject({ faces: 2, plates: 0 });
    const [a, b] = [await decodeRaw(plain.image), await decodeRaw(blurred.image)];
    for (const face of faces) {
      const box = privacy!.boxes.find(
        (candidate) => candidate.x < face.cx && candidate.x + candidate.w > face.cx && candidate.y < face.cy,
      );
      expect(box).toBeDefined();
      // The box covers the whole face, grown beyond it.
      expect(box!.w).toBeGreaterThan(face.size * 0.84);
      const half = Math.round(face.size * 0.35);
      const region = { x: face.cx - half, y: face.cy - half, w: half * 2, h: half * 2 };
      expect(Math.abs(correlation(greenValues(a, region), greenValues(b, region)))).toBeLessThan(0.3);
    }
    // Far from the faces the photo is the one delivered without the blur.
    const wall = { x: 600, y: 850, w: 300, h: 100 };
    const difference = greenValues(a, wall).reduce((sum, v, i) => sum + Math.abs(v - greenValues(b, wall)[i]), 0);
    expect(difference / (300 * 100)).toBeLessThan(0.5);
  }, 120000);
});
