import { renderBracket } from '../../test/fixtures/brackets';
import { realPhotos } from '../../test/fixtures/photos';
import { decodePhoto } from '../decode';
import { resizeExact } from '../rgb-image';
import { type Affine, IDENTITY, align, alignPlane, mapPoint, orderAgreement, rescale } from './align';

const WIDTH = 360;
const HEIGHT = 240;

/** The transform renderBracket gives a frame: rotation about the centre, then the shift. */
const truth = (dx: number, dy: number, rotationDeg: number): Affine => {
  const t = (rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  const cx = (WIDTH - 1) / 2;
  const cy = (HEIGHT - 1) / 2;
  return [c, -s, cx - c * cx + s * cy + dx, s, c, cy - s * cx - c * cy + dy];
};

/** The largest distance between where two transforms put the frame's corners and centre. */
const largestError = (a: Affine, b: Affine) =>
  Math.max(
    ...[
      [0, 0],
      [WIDTH - 1, 0],
      [0, HEIGHT - 1],
      [WIDTH - 1, HEIGHT - 1],
      [WIDTH / 2, HEIGHT / 2],
    ].map(([x, y]) => {
      const [u, v] = mapPoint(a, x, y);
      const [p, q] = mapPoint(b, x, y);
      return Math.hypot(u - p, v - q);
    }),
  );

const planes = async (buffers: Buffer[]) =>
  Promise.all(buffers.map(async (buffer) => alignPlane((await decodePhoto(buffer)).image)));

describe('bracket alignment', () => {
  it('recovers a handheld shift and rotation within half a pixel, three stops under and two over', async () => {
    const moves = [
      { ev: -3, dx: 3.3, dy: -2.1, rotationDeg: 0.6 },
      { ev: 0 },
      { ev: 2, dx: -4.6, dy: 1.7, rotationDeg: -0.8 },
    ];
    const [dark, reference, bright] = await planes(await renderBracket(WIDTH, HEIGHT, moves));
    for (const [frame, move] of [
      [dark, moves[0]],
      [bright, moves[2]],
    ] as const) {
      const { transform } = align(reference, frame);
      const expected = truth(move.dx!, move.dy!, move.rotationDeg!);
      // Without alignment the corners are 5-8 px off.
      expect(largestError(IDENTITY, expected)).toBeGreaterThan(4);
      expect(largestError(transform, expected)).toBeLessThan(0.5);
    }
  });

  it('finds a larger move (3 % of the frame) from its coarse search', async () => {
    const moves = [{ ev: 0 }, { ev: -2, dx: 14, dy: -9, rotationDeg: 1.5 }];
    const [reference, frame] = await planes(await renderBracket(WIDTH, HEIGHT, moves));
    expect(largestError(align(reference, frame).transform, truth(14, -9, 1.5))).toBeLessThan(0.5);
  });

  it('scales a transform found on a reduced copy to full size', () => {
    // Found at a quarter of the size: 1 px there is 4 px at full size, pixel centres lined up as a resize does.
    const full = rescale([1, 0, 1, 0, 1, -0.5], 4, 4);
    expect(mapPoint(full, 1.5, 1.5)).toEqual([5.5, -0.5]);
  });

  it('tells frames of one view, five stops apart, from a different room', async () => {
    const [reference, dark] = await planes(await renderBracket(WIDTH, HEIGHT, [{ ev: 0 }, { ev: -5 }]));
    const [room] = realPhotos(1);
    const stranger = alignPlane(await resizeExact((await decodePhoto(room.data)).image, WIDTH, HEIGHT));
    expect(orderAgreement(reference, dark, align(reference, dark).transform)).toBeGreaterThan(0.9);
    expect(orderAgreement(reference, stranger, align(reference, stranger).transform)).toBeLessThan(0.75);
  });
});
