import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Payment intents of the local test gateway (no money moves); shaped like Stripe's. */
@Entity('local_payment_intents')
export class LocalPaymentIntentEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ name: 'client_secret', type: 'text' }) clientSecret: string;
  @Column({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ type: 'int' }) amount: number;
  @Column({ type: 'text' }) currency: string;
  @Column({ type: 'text', default: 'requires_payment_method' }) status:
    'requires_payment_method' | 'succeeded' | 'canceled';
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'package_type', type: 'text' }) packageType: string;
  @Column({ type: 'text', default: 'listing' }) look: string;
  @Column({ name: 'privacy_blur', type: 'boolean', default: false }) privacyBlur: boolean;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
