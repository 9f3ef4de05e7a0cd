import { Body, Controller, Get, Patch, Put, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { ChangeOrderLook } from '../application/change-order-look.use-case';
import { ChangeOrderPrivacyBlur } from '../application/change-order-privacy-blur.use-case';
import { GetOrder } from '../application/get-order.use-case';
import { ListOrders } from '../application/list-orders.use-case';
import { UpdateOrderStatus } from '../application/update-order-status.use-case';
import { orderNotFound } from '../domain/order-errors';
import { TextIdParam } from '../../../shared/http/id-params';
import {
  ChangeOrderLookDto,
  ChangeOrderPrivacyBlurDto,
  OrderDetailDto,
  OrderSummaryDto,
  toOrderPhoto,
  toOrderSummary,
  UpdateOrderDto,
} from './orders.dto';

@ApiTags('orders')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly listOrders: ListOrders,
    private readonly getOrder: GetOrder,
    private readonly updateOrderStatus: UpdateOrderStatus,
    private readonly changeOrderLook: ChangeOrderLook,
    private readonly changeOrderPrivacyBlur: ChangeOrderPrivacyBlur,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's orders, newest first" })
  @ApiOkResponse({ type: [OrderSummaryDto] })
  async list(@CurrentUser() user: AuthenticatedUser): Promise<OrderSummaryDto[]> {
    return (await this.listOrders.execute(user.id)).map(toOrderSummary);
  }

  @Get(':id')
  @ApiOperation({ summary: "One of the caller's orders with its photos (404 for anyone else's)" })
  @ApiOkResponse({ type: OrderDetailDto })
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('id', orderNotFound) id: string,
  ): Promise<OrderDetailDto> {
    const { order, photos } = await this.getOrder.execute(user.id, id);
    return { ...toOrderSummary(order), photos: photos.map(toOrderPhoto) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Move an order forward; refused (409) unless its photos already justify the status' })
  @ApiOkResponse({ type: OrderSummaryDto })
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('id', orderNotFound) id: string,
    @Body() body: UpdateOrderDto,
  ): Promise<OrderSummaryDto> {
    return toOrderSummary(await this.updateOrderStatus.execute(user.id, id, body.status));
  }

  @Put(':id/look')
  @ApiOperation({
    summary: "Change the order's look before its first photo is uploaded",
    description:
      'Every photo of the order is rendered and matched in its look, so the look can change only while nothing has ' +
      'been uploaded; afterwards each delivered photo can still be adjusted on its own.',
  })
  @ApiOkResponse({ type: OrderSummaryDto })
  @ApiConflictResponse({ description: 'ORDER_LOOK_FIXED: a photo has already been uploaded to the order' })
  async changeLook(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('id', orderNotFound) id: string,
    @Body() body: ChangeOrderLookDto,
  ): Promise<OrderSummaryDto> {
    return toOrderSummary(await this.changeOrderLook.execute(user.id, id, body.look));
  }

  @Put(':id/privacy-blur')
  @ApiOperation({
    summary: "Turn the order's privacy blur on or off",
    description:
      'Faces and licence plates are blurred on the photos enhanced after the change; a delivered photo is made again ' +
      'with the blur on or off by an adjustment (POST /api/photos/{id}/adjustments with privacyBlur).',
  })
  @ApiOkResponse({ type: OrderSummaryDto })
  async changePrivacyBlur(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('id', orderNotFound) id: string,
    @Body() body: ChangeOrderPrivacyBlurDto,
  ): Promise<OrderSummaryDto> {
    return toOrderSummary(await this.changeOrderPrivacyBlur.execute(user.id, id, body.privacyBlur));
  }
}
