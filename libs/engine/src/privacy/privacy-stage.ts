import { downscale } from '../rgb-image';
import { stage } from '../stage';
import { blurRegions, type PrivacyBox, type PrivacyKind } from './blur';
import { sharedFaceDetector } from './face-detector';
import { type Box, mergeBoxes } from './boxes';
import { findPlates, PLATE_SEARCH_SIDE } from './plates';

/**
 * Growth of a face's box on each side, as a share of its size: the detector boxes brow to chin, and hair, ears and
 * a profile's nose also identify.
 */
const FACE_MARGIN = 0.3;
/** Growth of a plate's box (its characters) to cover the plate's ground and frame: across, and up and down. */
const PLATE_MARGIN = { across: 0.12, down: 0.45 };

const grow = (box: Box, across: number, down: number): Box => ({
  x: box.x - box.w * across,
  y: box.y - box.h * down,
  w: box.w * (1 + 2 * across),
  h: box.h * (1 + 2 * down),
});

const rounded = (box: Box, kind: PrivacyKind, width: number, height: number): PrivacyBox => {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return {
    x,
    y,
    w: Math.min(width, Math.ceil(box.x + box.w)) - x,
    h: Math.min(height, Math.ceil(box.y + box.h)) - y,
    kind,
  };
};

/**
 * The privacy blur, when the caller asks for it (`privacyBlur`): faces (face-api's SSD MobileNetV1 over a pyramid of
 * tiles) and licence plates (plates.ts) found on the finished photo, each box grown by a margin and blurred beyond
 * recognition (blur.ts). Runs last, on the pixels that are delivered.
 */
export const privacyStage = stage<PrivacyBox[] | null>({
  name: 'privacy',
  plan: async ({ options, image }) => {
    if (!options.privacyBlur) return null;
    const [faces, platesImage] = await Promise.all([
      sharedFaceDetector().detect(image),
      downscale(image, PLATE_SEARCH_SIDE),
    ]);
    const plateScale = image.width / platesImage.width;
    const plates = findPlates(platesImage).map((plate) =>
      grow(
        { x: plate.x * plateScale, y: plate.y * plateScale, w: plate.w * plateScale, h: plate.h * plateScale },
        PLATE_MARGIN.across,
        PLATE_MARGIN.down,
      ),
    );
    return [
      ...mergeBoxes(faces).map((face) =>
        rounded(grow(face, FACE_MARGIN, FACE_MARGIN), 'face', image.width, image.height),
      ),
      ...plates.map((box) => rounded(box, 'plate', image.width, image.height)),
    ].filter((box) => box.w > 0 && box.h > 0);
  },
  apply: ({ image }, boxes) => {
    if (boxes) blurRegions(image, boxes);
  },
  report: (boxes) =>
    boxes
      ? {
          privacy: {
            faces: boxes.filter((box) => box.kind === 'face').length,
            plates: boxes.filter((box) => box.kind === 'plate').length,
            boxes,
          },
        }
      : {},
});
