import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AdjustmentStyle, DEFAULT_ADJUSTMENT_STYLE } from '@listinglens/contracts';
import { Clock } from '../../auth';
import { OwnedOrders } from '../../orders';
import { adjustableUntil, adjustmentAllowance, deliveredAt } from '../domain/adjustments';
import { type PhotoAdjustmentEntity } from '../persistence/photo-adjustment.entity';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';
import { PhotosRepository } from '../persistence/photos.repository';
import { photoNotAvailable } from './open-photo-file.use-case';
import { reportObject } from '../../../shared/delivery/report-fields';

export interface PhotoAdjustments {
  /** When the 7-day window closes; null until the photo is delivered. */
  adjustableUntil: Date | null;
  /** Adjustments left in the window; null when unlimited (premium). 0 once the window has closed. */
  remaining: number | null;
  adjustments: PhotoAdjustmentEntity[];
  /** The look the photo's order was rendered in: where a new adjustment starts. */
  orderLook: AdjustmentStyle;
  /** Whether the photo as delivered now had faces and licence plates blurred: where the blur choice starts. */
  privacyBlurred: boolean;
}

/** A photo's adjustments and what the host may still ask for; another user's photo is a missing one. */
@Injectable()
export class ListPhotoAdjustments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly adjustments: AdjustmentsRepository,
    private readonly orders: OwnedOrders,
    private readonly clock: Clock,
  ) {}

  async execute(userId: number, photoId: number): Promise<PhotoAdjustments> {
    const tx = this.dataSource.manager;
    const photo = await this.photos.findOwned(tx, userId, photoId);
    if (!photo || photo.purgedAt) throw photoNotAvailable();
    const order = await this.orders.findOwned(tx, userId, photo.orderId);
    const delivered = deliveredAt(photo, order);
    const until = delivered ? adjustableUntil(delivered) : null;
    const list = await this.adjustments.listForPhoto(tx, photoId);
    const allowance = adjustmentAllowance(order?.packageType ?? '');
    const open = until !== null && this.clock.now().getTime() <= until.getTime();
    const used = await this.adjustments.countUsed(tx, photoId);
    return {
      adjustableUntil: until,
      remaining: !open ? 0 : allowance === null ? null : Math.max(0, allowance - used),
      adjustments: list,
      orderLook: order?.look ?? DEFAULT_ADJUSTMENT_STYLE,
      // The engine reports the blur only when it was asked for (found something or not).
      privacyBlurred: Boolean(reportObject(reportObject(photo.enhancementReport)?.corrections)?.privacy),
    };
  }
}
