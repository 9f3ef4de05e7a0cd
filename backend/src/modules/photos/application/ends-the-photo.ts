import { type JobContext } from '../../../shared/queue/job-definitions';
import { ObjectNotFoundError } from '../../storage';
import { isEnhancementError } from '@listinglens/engine';

/**
 * Whether an error ends a photo's job for good (the photo, or the adjustment, is marked failed): only the photo's own
 * fault does — the engine refusing it, the model failing on the last attempt, or its original gone. Storage and
 * database outages are rethrown even on the last attempt, so the work stays unfinished and the reconciler queues it
 * again once they are back; nothing completes without its files.
 */
export function endsThePhoto(err: unknown, context: Pick<JobContext, 'attempt' | 'maxAttempts'>): boolean {
  if (err instanceof ObjectNotFoundError) return true;
  if (!isEnhancementError(err)) return false;
  return err.code !== 'MODEL_FAILED' || context.attempt >= context.maxAttempts;
}
