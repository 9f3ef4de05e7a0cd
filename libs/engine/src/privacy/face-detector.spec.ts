import { roomWithFaces } from '../../test/fixtures/cartoon-faces';
import { FaceDetector, facePyramid } from './face-detector';
import { TILE, tileStarts } from './face-tiles';

describe('face detector', () => {
  const detector = new FaceDetector();
  afterAll(() => detector.close());

  it('tiles every level with overlapping 512 px tiles, the last flush with the edge', () => {
    expect(tileStarts(400)).toEqual([0]);
    expect(tileStarts(512)).toEqual([0]);
    expect(tileStarts(1000)).toEqual([0, 384, 488]);
    for (const length of [513, 900, 2048, 1365]) {
      const starts = tileStarts(length);
      expect(starts.at(-1)).toBe(length - TILE);
      for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeLessThanOrEqual(TILE - 128);
    }
  });

  it('never loads the worker entry on the caller thread (it would start a detector on that thread and answer its port)', () => {
    jest.isolateModules(() => {
      jest.doMock('./face-worker', () => {
        throw new Error('the face worker entry was loaded by its caller');
      });
      expect(() => jest.requireActual('./face-detector')).not.toThrow();
      expect(() => jest.requireActual('../index')).not.toThrow();
    });
    jest.dontMock('./face-worker');
  });

  it('builds a pyramid from the search size down to one tile', async () => {
    const levels = await facePyramid({ width: 4000, height: 2667, data: new Uint8Array(4000 * 2667 * 3) });
    expect(levels.map((level) => [level.width, level.height])).toEqual([
      [3072, 2048],
      [1536, 1024],
      [768, 512],
      [512, 341],
    ]);
    expect(levels.map((level) => level.scale)).toEqual([1, 2, 4, 6]);
    // A photo smaller than the search size is searched at its own size.
    const small = await facePyramid({ width: 1200, height: 800, data: new Uint8Array(1200 * 800 * 3) });
    expect(small.map((level) => level.width)).toEqual([1200, 600, 512]);
  });

  it('finds drawn faces of light and darker skin, small and large, anywhere in the photo, in the photo’s pixels', async () => {
    const faces = [
      { cx: 300, cy: 260, size: 60, skin: '#e0b090' },
      { cx: 1500, cy: 1000, size: 80, skin: '#8a5a3a' },
      { cx: 900, cy: 700, size: 220, skin: '#a87050' },
      { cx: 2500, cy: 500, size: 420, skin: '#f0c8a8' },
    ];
    const image = await roomWithFaces(3000, 1800, faces);
    const found = await detector.detect(image);
    for (const face of faces) {
      const hit = found.find(
        (box) =>
          Math.abs(box.x + box.w / 2 - face.cx) < face.size * 0.3 &&
          Math.abs(box.y + box.h / 2 - face.cy) < face.size * 0.4,
      );
      expect(hit).toBeDefined();
    }
  }, 120000);

  it('finds nothing in a room without people', async () => {
    expect(await detector.detect(await roomWithFaces(1600, 1000, []))).toEqual([]);
  }, 60000);
});
