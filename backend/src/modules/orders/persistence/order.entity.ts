import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { type PackageType } from '../../packages';

export type OrderStatus = 'new' | 'pending' | 'completed';

@Entity('orders')
export class OrderEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'package_type', type: 'text' }) packageType: PackageType;
  /** Amount paid, in cents. */
  @Column({ type: 'int' }) amount: number;
  @Column({ name: 'photos_purchased', type: 'int' }) photosPurchased: number;
  @Column({ name: 'photos_remaining', type: 'int' }) photosRemaining: number;
  @Column({ name: 'stripe_payment_intent_id', type: 'text', unique: true }) stripePaymentIntentId: string;
  @Column({ type: 'text', default: 'new' }) status: OrderStatus;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** When the last photo finished; the 90-day retention clock starts here. */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'purged_at', type: 'timestamptz', nullable: true }) purgedAt: Date | null;
  /** When the photos were matched to one look; the order completes only after it. */
  @Column({ name: 'harmonised_at', type: 'timestamptz', nullable: true }) harmonisedAt: Date | null;
  /** Photos whose colour and brightness were matched (dusk and night shots and adjusted photos are not). */
  @Column({ name: 'photos_matched', type: 'int', nullable: true }) photosMatched: number | null;
  /** The look chosen when buying: every photo is rendered and harmonised in it; a host's adjustment starts from it. */
  @Column({ type: 'text', default: 'listing' }) look: AdjustmentStyle;
  /** Faces and licence plates blurred on the photos enhanced for the order (asked for when buying, or later). */
  @Column({ name: 'privacy_blur', type: 'boolean', default: false }) privacyBlur: boolean;
}
