import { Injectable } from '@nestjs/common';
import { type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { SendPhotosReadyEmail } from '../application/send-photos-ready-email.use-case';

@Injectable()
@JobHandler('orders.photos-ready')
export class PhotosReadyJob {
  constructor(private readonly sendPhotosReadyEmail: SendPhotosReadyEmail) {}

  handle(payload: JobPayloads['orders.photos-ready']): Promise<void> {
    return this.sendPhotosReadyEmail.execute(payload.orderId);
  }
}
