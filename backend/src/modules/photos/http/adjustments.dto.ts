import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { ADJUSTMENT_STYLES, type AdjustmentStyle } from '@listinglens/contracts';
import { ADJUSTMENT_STEPS, type AdjustmentSettings, type RequestedSettings } from '../domain/adjustments';
import { type PhotoAdjustments } from '../application/list-photo-adjustments.use-case';
import { type PhotoAdjustmentEntity } from '../persistence/photo-adjustment.entity';

const STEP_MESSAGE = `must be a whole number of steps from -${ADJUSTMENT_STEPS} to ${ADJUSTMENT_STEPS}`;

export class AdjustPhotoDto {
  @ApiProperty({
    enum: ADJUSTMENT_STYLES,
    description:
      "listing (the default look): as delivered; natural: the retouching model's softer rendering, made with the " +
      'learned model (research-only weights, see docs/enhancement.md), so it may take longer; bright-airy: ' +
      'brighter still, lifted shadows, softer colour; warm: warmer, golden light',
  })
  @IsIn(ADJUSTMENT_STYLES, { message: `style must be one of ${ADJUSTMENT_STYLES.join(', ')}` })
  style: AdjustmentSettings['style'];

  @ApiPropertyOptional({
    minimum: -ADJUSTMENT_STEPS,
    maximum: ADJUSTMENT_STEPS,
    default: 0,
    description: 'A third of a stop per step',
  })
  @IsOptional()
  @IsInt({ message: `brightness ${STEP_MESSAGE}` })
  @Min(-ADJUSTMENT_STEPS, { message: `brightness ${STEP_MESSAGE}` })
  @Max(ADJUSTMENT_STEPS, { message: `brightness ${STEP_MESSAGE}` })
  brightness?: number;

  @ApiPropertyOptional({
    minimum: -ADJUSTMENT_STEPS,
    maximum: ADJUSTMENT_STEPS,
    default: 0,
    description: 'Cooler (−) to warmer (+)',
  })
  @IsOptional()
  @IsInt({ message: `warmth ${STEP_MESSAGE}` })
  @Min(-ADJUSTMENT_STEPS, { message: `warmth ${STEP_MESSAGE}` })
  @Max(ADJUSTMENT_STEPS, { message: `warmth ${STEP_MESSAGE}` })
  warmth?: number;

  @ApiPropertyOptional({ default: true, description: 'Straighten converging verticals (false keeps the perspective)' })
  @IsOptional()
  @IsBoolean({ message: 'straighten must be true or false' })
  straighten?: boolean;

  @ApiPropertyOptional({
    description:
      'Blur faces (people, photos on the walls, reflections) and licence plates beyond recognition (true), or ' +
      "deliver the photo without the blur (false); the order's choice when left out",
  })
  // null is refused too: true or false, or left out.
  @ValidateIf((dto: AdjustPhotoDto) => dto.privacyBlur !== undefined)
  @IsBoolean({ message: 'privacyBlur must be true or false' })
  privacyBlur?: boolean;
}

export const toSettings = (dto: AdjustPhotoDto): RequestedSettings => ({
  style: dto.style,
  brightness: dto.brightness ?? 0,
  warmth: dto.warmth ?? 0,
  straighten: dto.straighten ?? true,
  ...(dto.privacyBlur === undefined ? {} : { privacyBlur: dto.privacyBlur }),
});

export class AdjustmentDto {
  @ApiProperty() id: number;
  @ApiProperty() photo_id: number;
  @ApiProperty({ enum: ['queued', 'completed', 'failed'] }) status: string;
  @ApiProperty({ enum: ADJUSTMENT_STYLES }) style: string;
  @ApiProperty() brightness: number;
  @ApiProperty() warmth: number;
  @ApiProperty() straighten: boolean;
  @ApiProperty({ description: 'Whether faces and licence plates were asked to be blurred' }) privacy_blur: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) requested_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) completed_at: string | null;
  @ApiProperty({ nullable: true, type: String }) failure_reason: string | null;
}

export class PhotoAdjustmentsDto {
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the 7-day window closes' })
  adjustable_until: string | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Adjustments left in the window; null when unlimited (premium); 0 once the window has closed',
  })
  remaining: number | null;
  @ApiProperty({ type: [AdjustmentDto], description: 'Newest first' }) adjustments: AdjustmentDto[];
  @ApiProperty({
    enum: ADJUSTMENT_STYLES,
    description:
      "The look the photo's order was rendered in (chosen at purchase): the style a new adjustment starts from",
  })
  order_look: AdjustmentStyle;
  @ApiProperty({
    description:
      'Whether the photo as delivered now has faces and licence plates blurred (the order asked for it, or an ' +
      'adjustment did): where the blur choice of a new adjustment starts',
  })
  privacy_blurred: boolean;
}

export const toAdjustmentDto = (a: PhotoAdjustmentEntity): AdjustmentDto => ({
  id: a.id,
  photo_id: a.photoId,
  status: a.status,
  style: a.style,
  brightness: a.brightness,
  warmth: a.warmth,
  straighten: a.straighten,
  privacy_blur: a.privacyBlur,
  requested_at: a.requestedAt.toISOString(),
  completed_at: a.completedAt?.toISOString() ?? null,
  failure_reason: a.failureReason,
});

export const toPhotoAdjustmentsDto = (p: PhotoAdjustments): PhotoAdjustmentsDto => ({
  adjustable_until: p.adjustableUntil?.toISOString() ?? null,
  remaining: p.remaining,
  adjustments: p.adjustments.map(toAdjustmentDto),
  order_look: p.orderLook,
  privacy_blurred: p.privacyBlurred,
});
