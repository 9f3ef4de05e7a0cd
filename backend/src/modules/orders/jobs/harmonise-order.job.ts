import { Injectable } from '@nestjs/common';
import { type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { HarmoniseOrder } from '../application/harmonise-order.use-case';

@Injectable()
@JobHandler('orders.harmonise')
export class HarmoniseOrderJob {
  constructor(private readonly harmoniseOrder: HarmoniseOrder) {}

  handle(payload: JobPayloads['orders.harmonise']): Promise<void> {
    return this.harmoniseOrder.execute(payload.orderId);
  }
}
