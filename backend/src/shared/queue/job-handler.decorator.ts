import { SetMetadata } from '@nestjs/common';
import { type JobName } from './job-definitions';

export const JOB_HANDLER_METADATA = 'job-handler:name';

/**
 * Marks a provider as the handler of one job. The class must have `handle(payload, context)`;
 * QueueConsumersModule finds it at boot and registers it.
 */
export const JobHandler = (name: JobName) => SetMetadata(JOB_HANDLER_METADATA, name);
