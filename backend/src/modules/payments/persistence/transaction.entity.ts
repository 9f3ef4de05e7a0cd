import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type PackageType } from '../../packages';

/** The purchase ledger: one row per succeeded payment, unique by the payment id so a payment credits once. */
@Entity('transactions')
export class TransactionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'package_type', type: 'text' }) packageType: PackageType;
  @Column({ type: 'int' }) amount: number;
  @Column({ name: 'photos_purchased', type: 'int' }) photosPurchased: number;
  @CreateDateColumn({ name: 'purchase_date', type: 'timestamptz' }) purchaseDate: Date;
  @Column({ name: 'stripe_transaction_id', type: 'text', unique: true }) stripeTransactionId: string;
  @Column({ name: 'order_id', type: 'text', nullable: true }) orderId: string | null;
}
