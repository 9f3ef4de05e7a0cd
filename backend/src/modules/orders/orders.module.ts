import { Module } from '@nestjs/common';
import { GetOrder } from './application/get-order.use-case';
import { ListOrders } from './application/list-orders.use-case';
import { UpdateOrderStatus } from './application/update-order-status.use-case';
import { OrdersController } from './http/orders.controller';

@Module({ controllers: [OrdersController], providers: [ListOrders, GetOrder, UpdateOrderStatus], exports: [GetOrder] })
export class OrdersModule {}
