import { Injectable } from '@nestjs/common';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { SendPurgeReminders } from './send-purge-reminders.use-case';

/**
 * Retention's share of the reconciler: a purge reminder whose process died mid-send goes out once its lease runs
 * out, not at the next day's run (the day's tick stays claimed by the dead process for hours).
 */
@Injectable()
@UnfinishedWork('retention')
export class ResumeInterruptedReminders implements UnfinishedWorkSource {
  constructor(private readonly sendPurgeReminders: SendPurgeReminders) {}

  async requeue(): Promise<Record<string, number>> {
    return { reminders: await this.sendPurgeReminders.resumeInterrupted() };
  }
}
