export { ProcessingProgress } from './components/processing-progress';
export { useZipDownload, type ZipPreset, type ZipRequest } from './api/download-order-zip';
export { ZipPresetSelect } from './components/zip-preset-select';
export { downloadPhoto } from './api/download-photo';
export { PHOTOS_KEY, PHOTOS_POLL_MS, PHOTOS_QUERY_OPTIONS, usePhotos } from './api/get-photos';
export type { Photo } from './types';
