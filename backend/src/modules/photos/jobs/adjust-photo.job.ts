import { Injectable } from '@nestjs/common';
import { type JobContext, type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { AdjustPhoto } from '../application/adjust-photo.use-case';

@Injectable()
@JobHandler('photos.adjust')
export class AdjustPhotoJob {
  constructor(private readonly adjustPhoto: AdjustPhoto) {}

  handle(payload: JobPayloads['photos.adjust'], context: JobContext): Promise<void> {
    return this.adjustPhoto.execute(payload.adjustmentId, context);
  }
}
