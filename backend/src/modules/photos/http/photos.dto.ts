import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Matches } from 'class-validator';
import { PHOTO_CHECK_CODES, type PhotoCheckCode } from '@listinglens/contracts';
import { type PhotoEntity } from '../persistence/photo.entity';
import { DeliveredPhotoFieldsDto, toDeliveredPhotoFields } from '../../../shared/delivery/delivered-photo-fields';
import { IsSerialId, MAX_SERIAL_ID } from '../../../shared/http/id-params';

export class PhotoCheckDto {
  @ApiProperty({ enum: PHOTO_CHECK_CODES }) code: PhotoCheckCode;
  @ApiProperty({ example: 'Too small for Airbnb: 800 x 600, needs 1024 x 683' }) message: string;
}

export class UploadedPhotoDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['uploaded'] }) status: 'uploaded';
  @ApiProperty({ description: "For a bracket, its reference frame's key" }) original_path: string;
  @ApiProperty({ description: 'Files merged into this photo: 1, or the 2-7 frames of a bracket', example: 1 })
  frames: number;
  @ApiPropertyOptional({ description: 'The `group` the request gave a bracket; absent for a photo of one file' })
  group?: string;
  @ApiProperty({
    type: [PhotoCheckDto],
    description:
      'What may keep the photo from looking its best on a listing: too small (under 1024 x 683 upright), portrait, ' +
      'very dark, blurred, or a duplicate of an earlier photo in the same upload. Advice only: the photo is uploaded.',
  })
  checks: PhotoCheckDto[];
}

class UploadOrderStateDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['new', 'pending'] }) status: string;
  @ApiProperty() photos_remaining: number;
}

export class UploadResultDto {
  @ApiProperty({ type: [UploadedPhotoDto] }) photos: UploadedPhotoDto[];
  @ApiProperty() order: UploadOrderStateDto;
}

export class PhotoDto extends DeliveredPhotoFieldsDto {
  @ApiProperty() id: number;
  @ApiProperty() order_id: string;
  @ApiProperty({ enum: ['uploaded', 'completed', 'failed'] }) status: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The uploaded file; for a photo uploaded as a bracket, its reference frame (the slider's before)",
  })
  original_path: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Same as original_path (the gallery reads this name)' })
  original_photo_path: string | null;
  @ApiProperty({ description: 'Files uploaded for this photo: 1, or the 2-7 frames of a bracket', example: 1 })
  frames: number;
  @ApiProperty({ nullable: true, type: String }) enhanced_path: string | null;
  @ApiProperty({ nullable: true, type: String }) thumbnail_path: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) upload_date: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) process_date: string | null;
  @ApiProperty({ description: 'An adjustment is being made; the current version stays until it is ready' })
  adjusting: boolean;
  @ApiProperty({ description: 'The suggested cover photo of its order (best measured landscape photo)' })
  cover_suggestion: boolean;
}

export class ProcessPhotosDto {
  @ApiProperty({ type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_SERIAL_ID } })
  @IsArray()
  @ArrayMinSize(1, { message: 'No photos to process' })
  @ArrayMaxSize(100)
  @IsSerialId({ each: true })
  photoIds: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  orderId?: string;
}

export class ProcessPhotosResultDto {
  @ApiProperty({ type: [Number] }) queued: number[];
}

export function toPhotoDto(p: PhotoEntity, flags: { adjusting?: boolean; cover?: boolean } = {}): PhotoDto {
  const original = p.purgedAt ? null : p.originalPath;
  return {
    id: p.id,
    order_id: p.orderId,
    status: p.status,
    name: p.name,
    original_path: original,
    original_photo_path: original,
    frames: p.framePaths?.length ?? 1,
    enhanced_path: p.enhancedPath,
    thumbnail_path: p.thumbnailPath,
    ...toDeliveredPhotoFields(p),
    upload_date: p.uploadDate.toISOString(),
    process_date: p.processDate?.toISOString() ?? null,
    adjusting: flags.adjusting ?? false,
    cover_suggestion: flags.cover ?? false,
  };
}
