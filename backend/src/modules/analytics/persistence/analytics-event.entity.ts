import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The embedded Analytics adapter's store: product events kept in our own database. */
@Entity('analytics_events')
export class AnalyticsEventEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) event: string;
  @Column({ name: 'distinct_id', type: 'text', nullable: true }) distinctId: string | null;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) properties: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
