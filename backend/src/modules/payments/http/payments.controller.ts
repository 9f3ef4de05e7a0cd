import { Body, Controller, Get, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_ADJUSTMENT_STYLE } from '@listinglens/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { CreatePaymentIntent } from '../application/create-payment-intent.use-case';
import { FulfilPayment } from '../application/fulfil-payment.use-case';
import { PaymentGateway } from '../ports/payment-gateway';
import {
  CompletePurchaseDto,
  CreatePaymentIntentDto,
  PaymentIntentCreatedDto,
  PaymentsConfigDto,
  PurchaseCompletedDto,
} from './payments.dto';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly createPaymentIntent: CreatePaymentIntent,
    private readonly fulfilPayment: FulfilPayment,
  ) {}

  @Get('payments/config')
  @ApiOperation({ summary: 'Which payment form the checkout shows (Stripe Payment Element or the local test form)' })
  @ApiOkResponse({ type: PaymentsConfigDto })
  config(): PaymentsConfigDto {
    return { gateway: this.gateway.kind, publishableKey: this.gateway.publishableKey };
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiCookieAuth('session')
  @ApiBearerAuth('apiKey')
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeat it to get the same payment intent back' })
  @ApiOperation({ summary: 'Start paying for a package; the amount comes from the catalogue' })
  @ApiOkResponse({ type: PaymentIntentCreatedDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreatePaymentIntentDto,
    @Headers('idempotency-key') requestKey?: string,
  ): Promise<PaymentIntentCreatedDto> {
    const key = requestKey && /^[A-Za-z0-9_.:-]{1,100}$/.test(requestKey) ? requestKey : undefined;
    return this.createPaymentIntent.execute({
      userId: user.id,
      email: user.email,
      packageType: body.packageType,
      look: body.look ?? DEFAULT_ADJUSTMENT_STYLE,
      privacyBlur: body.privacyBlur ?? false,
      requestKey: key,
    });
  }

  @Post('complete-purchase')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiCookieAuth('session')
  @ApiBearerAuth('apiKey')
  @ApiOperation({ summary: 'Credit a succeeded payment (idempotent: every call answers the same order)' })
  @ApiOkResponse({ type: PurchaseCompletedDto })
  complete(@CurrentUser() user: AuthenticatedUser, @Body() body: CompletePurchaseDto): Promise<PurchaseCompletedDto> {
    return this.fulfilPayment.execute({ paymentIntentId: body.paymentIntentId, callerId: user.id });
  }
}
