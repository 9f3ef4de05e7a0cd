import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Claims of scheduled ticks (e.g. one daily purge) so a tick runs once however many instances fire it. */
@Entity('job_locks')
export class JobLockEntity {
  @PrimaryColumn({ type: 'text' }) name: string;
  @PrimaryColumn({ type: 'text' }) tick: string;
  @Column({ name: 'claimed_at', type: 'timestamptz', default: () => 'now()' }) claimedAt: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt: Date | null;
  @Column({ type: 'jsonb', nullable: true }) result: Record<string, unknown> | null;
}
