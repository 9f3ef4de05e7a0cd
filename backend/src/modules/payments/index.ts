/** What the rest of the app uses from payments: the module and the tables it owns (for the data source). */
export { PaymentsModule } from './payments.module';
export { LocalPaymentIntentEntity } from './persistence/local-payment-intent.entity';
export { TransactionEntity } from './persistence/transaction.entity';
