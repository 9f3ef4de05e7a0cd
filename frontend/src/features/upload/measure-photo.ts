import {
  type BracketFrame,
  measurePhoto,
  measureSize,
  type PhotoMeasurements,
  sceneHash,
  toGrey,
} from '@listinglens/contracts';
import { readExposure } from './read-exposure';

/** What the widget learns of a picked file: the photo checks' measurements and what bracket grouping reads. */
export interface MeasuredFile {
  measurements: PhotoMeasurements;
  frame: BracketFrame;
}

/** Measures one picked photo; null when the browser cannot read it (the server still checks it). */
export type MeasurePhoto = (file: File) => Promise<MeasuredFile | null>;

/**
 * The browser's side of the photo checks and of bracket grouping: the photo is decoded by an image element, which
 * applies the EXIF orientation, so its natural size is the upright one; a canvas makes the small grey copy the shared
 * checks and the scene hash measure; the capture time, camera and exposure come from its EXIF. Nothing leaves the
 * browser.
 */
export const measureInBrowser: MeasurePhoto = async (file) => {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    const size = measureSize(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    const { data } = context.getImageData(0, 0, size.width, size.height);
    const grey = toGrey(data, size.width, size.height, 4);
    const measurements = measurePhoto(width, height, grey);
    const exposure = await readExposure(file);
    return {
      measurements,
      frame: { ...exposure, width, height, brightness: measurements.brightness, sceneHash: sceneHash(grey) },
    };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
};
