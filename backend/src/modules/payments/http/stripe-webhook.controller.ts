import { Controller, Headers, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';
import { AppError, BadRequestError } from '../../../shared/errors/app-error';
import { FulfilPayment } from '../application/fulfil-payment.use-case';
import { InvalidWebhookError, PaymentGateway } from '../ports/payment-gateway';
import { WebhookReceivedDto } from './payments.dto';

@ApiTags('payments')
@Controller('stripe')
export class StripeWebhookController {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly fulfilPayment: FulfilPayment,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: "Stripe's webhook: payment_intent.succeeded credits the order (idempotent with complete-purchase)",
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Checked over the raw body; a bad one is a 400' })
  @ApiOkResponse({ type: WebhookReceivedDto })
  async receive(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('stripe-signature') signature?: string,
  ): Promise<WebhookReceivedDto> {
    let event;
    try {
      event = this.gateway.parseWebhook(req.rawBody ?? Buffer.alloc(0), signature);
    } catch (err) {
      if (err instanceof InvalidWebhookError) throw new BadRequestError('INVALID_WEBHOOK', err.message);
      throw err;
    }
    if (!event) return { received: true };
    try {
      await this.fulfilPayment.execute({ paymentIntentId: event.paymentIntentId });
    } catch (err) {
      // A payment we refuse to credit (wrong amount, no owner) will not change on retry: acknowledge and log.
      // Anything else (database down) is a 5xx so Stripe retries later.
      if (!(err instanceof AppError)) throw err;
      this.logger.error(`Event ${event.eventId} for ${event.paymentIntentId} not fulfilled: ${err.message}`);
    }
    return { received: true };
  }
}
