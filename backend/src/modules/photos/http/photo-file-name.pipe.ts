import { type PipeTransform } from '@nestjs/common';
import { isSerialId } from '../../../shared/http/id-params';
import { photoNotAvailable } from '../application/open-photo-file.use-case';
import { parsePhotoFileName } from '../domain/photo-files';

/**
 * What `GET /api/photos/file/{filename}` takes: a photo id, then a bracket's reference frame or an optional revision
 * and variant, then an image extension.
 */
export const PHOTO_FILE_NAME_PATTERN =
  '^[1-9][0-9]{0,9}(-f[1-7]|(-a[0-9]{1,12}|-h)?(-(enhanced|preview|thumb|before))?)\\.(jpg|png|webp|heic)$';

/**
 * A photo file name carries its photo's id (`42-thumb.webp`): one its column cannot hold (0, 2147483648) is
 * "not available", like an unknown one, before it reaches the database.
 */
export class PhotoFileNamePipe implements PipeTransform<string, string> {
  transform(fileName: string): string {
    const parsed = parsePhotoFileName(fileName);
    if (!parsed || !isSerialId(parsed.photoId)) throw photoNotAvailable();
    return fileName;
  }
}
