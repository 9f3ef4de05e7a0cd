import { measurePhoto, measureSize, type PhotoMeasurements, toGrey } from '@listinglens/contracts';

/** Measures one picked photo for the checks; null when the browser cannot read it (the server still checks it). */
export type MeasurePhoto = (file: File) => Promise<PhotoMeasurements | null>;

/**
 * The browser's side of the photo checks: the photo is decoded by an image element, which applies the EXIF
 * orientation, so its natural size is the upright one; a canvas makes the small copy the shared checks measure.
 * Nothing leaves the browser.
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
    return measurePhoto(width, height, toGrey(data, size.width, size.height, 4));
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
};
