import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { ConfirmTestPayment, paymentNotFound } from '../application/confirm-test-payment.use-case';
import { TextIdParam } from '../../../shared/http/id-params';
import { ConfirmTestPaymentDto, TestPaymentConfirmedDto } from './payments.dto';

/** Exists only while the local test gateway is active (no Stripe keys configured). */
@ApiTags('payments')
@Controller('test-payments')
@UseGuards(AuthGuard)
@ApiCookieAuth('session')
export class TestPaymentsController {
  constructor(private readonly confirmTestPayment: ConfirmTestPayment) {}

  @Post(':paymentIntentId/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Test mode only: pay with a test card (4242… succeeds, 4000 0000 0000 0002 declines, …9995 insufficient funds)',
  })
  @ApiOkResponse({ type: TestPaymentConfirmedDto })
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('paymentIntentId', paymentNotFound) paymentIntentId: string,
    @Body() body: ConfirmTestPaymentDto,
  ): Promise<TestPaymentConfirmedDto> {
    return this.confirmTestPayment.execute({ userId: user.id, paymentIntentId, cardNumber: body.cardNumber });
  }
}
