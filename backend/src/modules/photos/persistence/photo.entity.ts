import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PhotoStatus = 'uploaded' | 'completed' | 'failed';

@Entity('photos')
export class PhotoEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'order_id', type: 'text' }) orderId: string;
  @Column({ name: 'original_path', type: 'text' }) originalPath: string;
  /**
   * The keys of all frames of a photo uploaded as an exposure bracket, in upload order (originalPath is its reference
   * frame, one of them); null for a photo of one file.
   */
  @Column({ name: 'frame_paths', type: 'text', array: true, nullable: true }) framePaths: string[] | null;
  @Column({ name: 'enhanced_path', type: 'text', nullable: true }) enhancedPath: string | null;
  @Column({ name: 'preview_path', type: 'text', nullable: true }) previewPath: string | null;
  @Column({ name: 'thumbnail_path', type: 'text', nullable: true }) thumbnailPath: string | null;
  /** The input at preview size, for the before/after slider; null for photos enhanced before it existed. */
  @Column({ name: 'before_preview_path', type: 'text', nullable: true }) beforePreviewPath: string | null;
  /** The host's file name, for display only; never used to build a storage key. */
  @Column({ type: 'text', nullable: true }) name: string | null;
  @Column({ type: 'text', default: 'uploaded' }) status: PhotoStatus;
  @Column({ name: 'airtable_record_id', type: 'text', nullable: true }) airtableRecordId: string | null;
  @Column({ name: 'upload_date', type: 'timestamptz', default: () => 'now()' }) uploadDate: Date;
  @Column({ name: 'process_date', type: 'timestamptz', nullable: true }) processDate: Date | null;
  @Column({ name: 'size_bytes', type: 'int', nullable: true }) sizeBytes: number | null;
  /** The photo checks' difference hash: near-duplicates of later uploads to the order are found by it. */
  @Column({ name: 'difference_hash', type: 'text', nullable: true }) differenceHash: string | null;
  @Column({ name: 'engine_version', type: 'text', nullable: true }) engineVersion: string | null;
  @Column({ name: 'enhancement_report', type: 'jsonb', nullable: true }) enhancementReport: Record<
    string,
    unknown
  > | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'failure_reason', type: 'text', nullable: true }) failureReason: string | null;
  @Column({ name: 'purged_at', type: 'timestamptz', nullable: true }) purgedAt: Date | null;
}
