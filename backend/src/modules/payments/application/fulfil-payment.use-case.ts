import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DEFAULT_ADJUSTMENT_STYLE, isAdjustmentStyle } from '@listinglens/contracts';
import { BadRequestError } from '../../../shared/errors/app-error';
import { JobQueue } from '../../../shared/queue/job-queue';
import { type OrderEntity } from '../../orders';
import { OrderCredits, OrderReceipts } from '../../orders';
import { getPackage, isPackageType } from '../../packages';
import { checkPayment } from '../domain/payment-rules';
import { LedgerRepository } from '../persistence/ledger.repository';
import { PaymentGateway } from '../ports/payment-gateway';

export interface FulfilPaymentCommand {
  paymentIntentId: string;
  /** The signed-in caller for complete-purchase; absent for the gateway's webhook. */
  callerId?: number;
}

export interface FulfilmentResult {
  orderId: string;
  redirectUrl: string;
}

const PAYMENT_INCOMPLETE = () => new BadRequestError('PAYMENT_INCOMPLETE', 'Payment incomplete. Please try again.');

/**
 * Turns a succeeded payment into credits, exactly once. complete-purchase and the webhook both come here, in any
 * order and any number of times: the payment id is unique in the ledger, so only the first transaction to insert it
 * writes the order and the credits; every caller answers with that one order.
 */
@Injectable()
export class FulfilPayment {
  private readonly logger = new Logger('FulfilPayment');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerRepository,
    private readonly orders: OrderReceipts,
    private readonly credits: OrderCredits,
    private readonly queue: JobQueue,
  ) {}

  async execute(command: FulfilPaymentCommand): Promise<FulfilmentResult> {
    const existing = await this.findOrder(command.paymentIntentId);
    if (existing) return this.answer(existing, command.callerId);

    const payment = await this.gateway.retrievePaymentIntent(command.paymentIntentId);
    if (!payment) throw PAYMENT_INCOMPLETE();
    const pkg = isPackageType(payment.packageType) ? getPackage(payment.packageType) : undefined;
    const check = checkPayment(payment, pkg, command.callerId);
    if (!check.ok) {
      this.logger.warn(`Payment ${payment.id} not fulfilled: ${check.reason}`);
      throw PAYMENT_INCOMPLETE();
    }

    const orderId = `ord_${randomBytes(10).toString('hex')}`;
    const created = await this.dataSource.transaction(async (tx) => {
      const purchase = {
        userId: check.userId,
        packageId: check.pkg.id,
        amount: payment.amount,
        photos: check.pkg.photos,
        paymentIntentId: payment.id,
        // An intent made before looks existed names none: its order gets the default one.
        look: isAdjustmentStyle(payment.look) ? payment.look : DEFAULT_ADJUSTMENT_STYLE,
        privacyBlur: payment.privacyBlur,
      };
      const ledgerId = await this.ledger.recordOnce(tx, purchase);
      if (ledgerId === null) return false; // another call already fulfilled this payment
      await this.credits.grant(tx, { ...purchase, orderId });
      await this.ledger.linkOrder(tx, ledgerId, orderId);
      return true;
    });

    const order = await this.findOrder(payment.id);
    if (!order) throw new Error(`Order for payment ${payment.id} missing after fulfilment`);
    if (created) {
      this.logger.log(`Payment ${payment.id} fulfilled as order ${order.id} (${check.pkg.photos} credits)`);
      await this.queue
        .enqueue('payments.purchase-receipt', { orderId: order.id }, { jobId: `receipt-${order.id}` })
        .catch((err: unknown) => this.logger.warn(`Receipt for ${order.id} not queued: ${String(err)}`));
    }
    return this.answer(order, command.callerId);
  }

  private findOrder(paymentIntentId: string): Promise<OrderEntity | null> {
    return this.orders.findByPaymentIntent(this.dataSource.manager, paymentIntentId);
  }

  private answer(order: OrderEntity, callerId: number | undefined): FulfilmentResult {
    // Someone else's payment id tells the caller nothing about it.
    if (callerId !== undefined && order.userId !== callerId) throw PAYMENT_INCOMPLETE();
    return { orderId: order.id, redirectUrl: `/order?order=${order.id}` };
  }
}
