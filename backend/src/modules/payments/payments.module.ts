import { QueueModule } from '../../shared/queue/queue.module';
import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { type AppConfig } from '../../config/app-config';
import { OrdersModule } from '../orders';
import { LocalPaymentGateway } from './adapters/local.payment-gateway';
import { StripePaymentGateway } from './adapters/stripe.payment-gateway';
import { ConfirmTestPayment } from './application/confirm-test-payment.use-case';
import { CreatePaymentIntent } from './application/create-payment-intent.use-case';
import { FulfilPayment } from './application/fulfil-payment.use-case';
import { RequeueMissingReceipts } from './application/requeue-missing-receipts.use-case';
import { SendPurchaseReceipt } from './application/send-purchase-receipt.use-case';
import { PaymentsController } from './http/payments.controller';
import { StripeWebhookController } from './http/stripe-webhook.controller';
import { TestPaymentsController } from './http/test-payments.controller';
import { PurchaseReceiptJob } from './jobs/purchase-receipt.job';
import { LedgerRepository } from './persistence/ledger.repository';
import { PaymentGateway } from './ports/payment-gateway';
import { OwedEmailsModule } from '../notifications';

/**
 * Purchases: Stripe when its keys are set, otherwise the local test gateway, whose confirm route only exists then.
 */
@Module({})
export class PaymentsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const common = [
      LedgerRepository,
      CreatePaymentIntent,
      FulfilPayment,
      SendPurchaseReceipt,
      PurchaseReceiptJob,
      RequeueMissingReceipts,
    ];
    if (config.stripe) {
      const stripe = config.stripe;
      return {
        module: PaymentsModule,
        imports: [AuthModule, OwedEmailsModule, OrdersModule, QueueModule],
        controllers: [PaymentsController, StripeWebhookController],
        providers: [...common, { provide: PaymentGateway, useFactory: () => new StripePaymentGateway(stripe) }],
      };
    }
    return {
      module: PaymentsModule,
      imports: [AuthModule, OwedEmailsModule, OrdersModule, QueueModule],
      controllers: [PaymentsController, StripeWebhookController, TestPaymentsController],
      providers: [
        ...common,
        LocalPaymentGateway,
        { provide: PaymentGateway, useExisting: LocalPaymentGateway },
        ConfirmTestPayment,
      ],
    };
  }
}
