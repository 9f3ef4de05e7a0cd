import { Injectable } from '@nestjs/common';
import { type JobContext, type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { EnhancePhoto } from '../application/enhance-photo.use-case';

@Injectable()
@JobHandler('photos.enhance')
export class EnhancePhotoJob {
  constructor(private readonly enhancePhoto: EnhancePhoto) {}

  handle(payload: JobPayloads['photos.enhance'], context: JobContext): Promise<void> {
    return this.enhancePhoto.execute(payload.photoId, context);
  }
}
