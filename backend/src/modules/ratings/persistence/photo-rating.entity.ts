import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A host's rating of one delivered photo; rating again replaces it. Order, engine version and style are those of the
 * version that was rated.
 */
@Entity('photo_ratings')
export class PhotoRatingEntity {
  @PrimaryColumn({ name: 'photo_id', type: 'int' }) photoId: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'order_id', type: 'text' }) orderId: string;
  @Column({ type: 'smallint' }) score: number;
  @Column({ type: 'text', nullable: true }) note: string | null;
  @Column({ name: 'engine_version', type: 'text', nullable: true }) engineVersion: string | null;
  @Column({ type: 'text', nullable: true }) style: string | null;
  /** When the photo was first rated. */
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** When the score or note last changed (the first rating's time until then). */
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
