import { type ObjectStorage } from '../../storage';
import { type PhotoEntity } from '../persistence/photo.entity';

/**
 * What the engine renders a photo from, first delivery and adjustment alike: its one original, or every frame of the
 * exposure bracket it was uploaded as (the engine merges them, then renders as for one photo).
 */
export function photoInput(
  storage: ObjectStorage,
  photo: Pick<PhotoEntity, 'originalPath' | 'framePaths'>,
): Promise<Buffer | Buffer[]> {
  if (!photo.framePaths) return storage.getBuffer(photo.originalPath);
  return Promise.all(photo.framePaths.map((key) => storage.getBuffer(key)));
}
