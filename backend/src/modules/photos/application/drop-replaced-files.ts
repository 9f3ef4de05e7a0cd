import { type Logger } from '@nestjs/common';
import { type PhotoEntity } from '../persistence/photo.entity';
import { type ObjectStorage } from '../../storage';

/**
 * After a delivered photo was pointed at a new set of files (or not): deletes the set no longer in use — the
 * previous files when the photo moved, the new ones when it did not. A delete that fails leaves the file to the
 * orphan sweep; the photo is already right either way.
 */
export async function dropReplacedFiles(
  storage: ObjectStorage,
  logger: Logger,
  previous: Pick<PhotoEntity, 'enhancedPath' | 'previewPath' | 'thumbnailPath'>,
  written: string[],
  replaced: boolean,
): Promise<void> {
  const stale = replaced
    ? [previous.enhancedPath, previous.previewPath, previous.thumbnailPath].filter(
        (key): key is string => key !== null && !written.includes(key),
      )
    : written;
  for (const key of stale) {
    await storage.delete(key).catch((err: unknown) => logger.warn(`Left ${key} for the orphan sweep: ${String(err)}`));
  }
}
