import { Injectable } from '@nestjs/common';
import { type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { SendPurchaseReceipt } from '../application/send-purchase-receipt.use-case';

@Injectable()
@JobHandler('payments.purchase-receipt')
export class PurchaseReceiptJob {
  constructor(private readonly sendPurchaseReceipt: SendPurchaseReceipt) {}

  handle(payload: JobPayloads['payments.purchase-receipt']): Promise<void> {
    return this.sendPurchaseReceipt.execute(payload.orderId);
  }
}
