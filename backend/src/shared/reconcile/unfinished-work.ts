import { SetMetadata } from '@nestjs/common';

export const UNFINISHED_WORK_METADATA = 'unfinished-work:name';

/**
 * Marks a provider as one module's share of the reconciler: its `requeue()` queues again whatever the database says
 * that module left unfinished, and answers how many of each kind it re-queued. ReconcilerModule finds every such
 * provider at boot, so a module with a new job adds its own provider and nobody else's code changes.
 */
export const UnfinishedWork = (name: string) => SetMetadata(UNFINISHED_WORK_METADATA, name);

export interface UnfinishedWorkSource {
  requeue(): Promise<Record<string, number>>;
}
