import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AdjustmentSettings, AdjustmentStatus } from '../domain/adjustments';

/** A host's request to render a delivered photo again from its original with other settings. */
@Entity('photo_adjustments')
export class PhotoAdjustmentEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'photo_id', type: 'int' }) photoId: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ type: 'text' }) style: AdjustmentSettings['style'];
  @Column({ type: 'int' }) brightness: number;
  @Column({ type: 'int' }) warmth: number;
  @Column({ type: 'boolean' }) straighten: boolean;
  @Column({ name: 'privacy_blur', type: 'boolean', default: false }) privacyBlur: boolean;
  @Column({ type: 'text', default: 'queued' }) status: AdjustmentStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'failure_reason', type: 'text', nullable: true }) failureReason: string | null;
  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' }) requestedAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
}
