import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { ADJUSTMENT_STYLES, type AdjustmentStyle } from '@listinglens/contracts';
import { type OrderSummary } from '../persistence/orders.repository';
import { DeliveredPhotoFieldsDto, toDeliveredPhotoFields } from '../../../shared/delivery/delivered-photo-fields';
import { type PhotoEntity } from '../../photos';
import { PACKAGE_TYPES } from '../../packages';

const ORDER_STATUSES = ['new', 'pending', 'completed'] as const;

const ORDER_LOOK_DESCRIPTION =
  'The look chosen at purchase, which every photo of the order is rendered and matched in: listing (the default ' +
  "listing look), natural (the retouching model's softer rendering), bright-airy or warm. Each delivered photo " +
  'can still be adjusted on its own, starting from this look.';

const PRIVACY_BLUR_DESCRIPTION =
  'Whether faces (people, photos on the walls, reflections) and licence plates are blurred beyond recognition on ' +
  "the order's photos before delivery. The uploaded originals stay as they are.";

export class OrderSummaryDto {
  @ApiProperty({ example: 'ord_4f1c2a9b' }) id: string;
  @ApiProperty({ enum: PACKAGE_TYPES }) package_type: string;
  @ApiProperty({ description: 'Paid, in cents' }) amount: number;
  @ApiProperty() photos_purchased: number;
  @ApiProperty() photos_remaining: number;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) completed_at: string | null;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the photo files were deleted, 90 days after completion',
  })
  purged_at: string | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description:
      'How many photos had their colour and brightness matched across the order; null until the order is harmonised',
  })
  photos_matched: number | null;
  @ApiProperty({ enum: ADJUSTMENT_STYLES, description: ORDER_LOOK_DESCRIPTION })
  look: AdjustmentStyle;
  @ApiProperty({ description: PRIVACY_BLUR_DESCRIPTION })
  privacy_blur: boolean;
}

export class OrderPhotoDto extends DeliveredPhotoFieldsDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['uploaded', 'completed', 'failed'] }) status: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) original_path: string | null;
  @ApiProperty({ nullable: true, type: String }) enhanced_path: string | null;
  @ApiProperty({ nullable: true, type: String }) thumbnail_path: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) upload_date: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) process_date: string | null;
}

export class OrderDetailDto extends OrderSummaryDto {
  @ApiProperty({ type: [OrderPhotoDto] }) photos: OrderPhotoDto[];
}

export class UpdateOrderDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: 'status must be one of new, pending, completed' })
  status: (typeof ORDER_STATUSES)[number];
}

export class ChangeOrderLookDto {
  @ApiProperty({ enum: ADJUSTMENT_STYLES, description: ORDER_LOOK_DESCRIPTION })
  @IsIn(ADJUSTMENT_STYLES, { message: `look must be one of ${ADJUSTMENT_STYLES.join(', ')}` })
  look: AdjustmentStyle;
}

export class ChangeOrderPrivacyBlurDto {
  @ApiProperty({
    description: `${PRIVACY_BLUR_DESCRIPTION} Applies to the photos enhanced from now on; each delivered photo can be made again with the blur on or off.`,
  })
  @IsBoolean({ message: 'privacyBlur must be true or false' })
  privacyBlur: boolean;
}

export function toOrderSummary(order: OrderSummary): OrderSummaryDto {
  return {
    id: order.id,
    package_type: order.packageType,
    amount: order.amount,
    photos_purchased: order.photosPurchased,
    photos_remaining: order.photosRemaining,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    purged_at: order.purgedAt?.toISOString() ?? null,
    photos_matched: order.photosMatched,
    look: order.look,
    privacy_blur: order.privacyBlur,
  };
}

export function toOrderPhoto(photo: PhotoEntity): OrderPhotoDto {
  return {
    id: photo.id,
    status: photo.status,
    name: photo.name,
    original_path: photo.purgedAt ? null : photo.originalPath,
    enhanced_path: photo.enhancedPath,
    thumbnail_path: photo.thumbnailPath,
    ...toDeliveredPhotoFields(photo),
    upload_date: photo.uploadDate.toISOString(),
    process_date: photo.processDate?.toISOString() ?? null,
  };
}
