import { Injectable } from '@nestjs/common';
import { NotFoundError, PaymentRequiredError } from '../../../shared/errors/app-error';
import { LocalPaymentGateway } from '../adapters/local.payment-gateway';

export const paymentNotFound = () => new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found. Please start again.');

/** The local test gateway's checkout: confirms the caller's own payment intent with a test card number. */
@Injectable()
export class ConfirmTestPayment {
  constructor(private readonly gateway: LocalPaymentGateway) {}

  async execute(command: { userId: number; paymentIntentId: string; cardNumber: string }) {
    const intent = await this.gateway.retrievePaymentIntent(command.paymentIntentId);
    if (!intent || intent.userId !== command.userId) {
      throw paymentNotFound();
    }
    if (intent.status === 'succeeded') return { status: 'succeeded' as const, paymentIntentId: intent.id };
    const outcome = await this.gateway.confirmWithTestCard(intent.id, command.cardNumber);
    if (!outcome.ok) throw new PaymentRequiredError(outcome.code, outcome.message);
    return { status: 'succeeded' as const, paymentIntentId: intent.id };
  }
}
