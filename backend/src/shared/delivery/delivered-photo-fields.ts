import { ApiProperty } from '@nestjs/swagger';
import { describeChanges } from './describe-changes';
import { enhancedDownloadName } from './download-name';
import { reportNumber, reportObject } from './report-fields';

/** How the frames of a photo uploaded as an exposure bracket were merged (the engine's report, in API names). */
export class BracketMergeDto {
  @ApiProperty({ description: 'Frames merged into the photo (2-7)', example: 3 }) frames: number;
  @ApiProperty({ description: 'Mean error of the frames after alignment, in pixels', example: 0.4 })
  mean_alignment_error_px: number;
  @ApiProperty({ description: 'Largest shift between a frame and the reference frame, in pixels', example: 6.5 })
  max_shift_px: number;
  @ApiProperty({ description: 'Largest rotation between a frame and the reference frame, in degrees', example: 0.3 })
  rotation_deg: number;
  @ApiProperty({
    description: 'Share of the photo (%) where something moved between frames and one frame was used alone',
    example: 1.2,
  })
  ghost_share_pct: number;
  @ApiProperty({
    description: "Share (%) of the reference frame's blown-out window brought back by the darker frames",
    example: 88,
  })
  window_recovered_pct: number;
}

/**
 * What a client needs to show a delivered photo beside its original: both previews of the same size, the name its
 * download will carry, its shape (so a portrait photo is not cropped into a landscape frame) and what was changed.
 * Shared by `GET /api/photos` (photos module) and `GET /api/orders/{id}` (orders module). It lives in shared/ because
 * photos depends on orders (credits), so orders may import nothing but types from photos.
 */
export class DeliveredPhotoFieldsDto {
  @ApiProperty({ nullable: true, type: String, description: 'Display-size WebP of the enhanced photo' })
  preview_path: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The original at the same size as preview_path (the "before" of a before/after view)',
  })
  before_preview_path: string | null;
  @ApiProperty({ type: String, description: 'File name of the enhanced download, e.g. IMG_0042-enhanced.jpg' })
  download_name: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Width of the enhanced photo in pixels' })
  width: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Height of the enhanced photo in pixels' })
  height: number | null;
  @ApiProperty({
    type: [String],
    description: 'What the engine changed, in plain words (empty when nothing was needed)',
    example: ['Brightened by 1.2 stops', 'Warm cast removed', 'Verticals straightened by 3°', 'Noise reduced'],
  })
  changes: string[];
  @ApiProperty({
    nullable: true,
    type: BracketMergeDto,
    description: 'How its frames were merged, for a photo uploaded as an exposure bracket; null otherwise',
  })
  merge: BracketMergeDto | null;
}

/** The columns of a photo row these fields come from (the photos module owns the row). */
export interface DeliveredPhotoRow {
  id: number;
  name: string | null;
  status: string;
  previewPath: string | null;
  beforePreviewPath: string | null;
  enhancementReport: Record<string, unknown> | null;
  purgedAt: Date | null;
}

const dimension = (report: Record<string, unknown> | null, key: 'width' | 'height'): number | null => {
  const value = reportNumber(reportObject(report?.output)?.[key]);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : null;
};

/** The report's merge, when it has one written the way this version reads it. */
const mergeOf = (report: Record<string, unknown> | null): BracketMergeDto | null => {
  const merge = reportObject(report?.merge);
  const alignment = reportObject(merge?.alignment);
  const fields = [
    reportNumber(merge?.frames),
    reportNumber(alignment?.meanErrorPx),
    reportNumber(alignment?.maxShiftPx),
    reportNumber(alignment?.rotationDeg),
    reportNumber(merge?.ghostSharePct),
    reportNumber(merge?.windowRecoveredPct),
  ];
  if (fields.some((value) => value === undefined)) return null;
  const [frames, meanError, maxShift, rotation, ghost, window] = fields as number[];
  return {
    frames,
    mean_alignment_error_px: meanError,
    max_shift_px: maxShift,
    rotation_deg: rotation,
    ghost_share_pct: ghost,
    window_recovered_pct: window,
  };
};

/** A delivered photo's slider and caption fields, from its row and stored report. */
export function toDeliveredPhotoFields(photo: DeliveredPhotoRow): DeliveredPhotoFieldsDto {
  const report = photo.purgedAt ? null : photo.enhancementReport;
  return {
    preview_path: photo.previewPath,
    before_preview_path: photo.beforePreviewPath,
    download_name: enhancedDownloadName(photo.name, photo.id),
    width: dimension(report, 'width'),
    height: dimension(report, 'height'),
    changes: photo.status === 'completed' && report ? describeChanges(report) : [],
    merge: photo.status === 'completed' ? mergeOf(report) : null,
  };
}
