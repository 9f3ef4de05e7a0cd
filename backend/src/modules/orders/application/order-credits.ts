import { Injectable } from '@nestjs/common';
import { CreditsRepository } from '../persistence/credits.repository';

/**
 * The credits, as other modules move them: granted by payments, taken by photos' upload, counted by enhancement.
 * Each method takes the caller's transaction (an EntityManager) so the credits commit, or roll back, with the
 * caller's own rows (the ledger row, the uploaded photos, the delivered photo) in one transaction.
 */
@Injectable()
export class OrderCredits {
  constructor(private readonly repository: CreditsRepository) {}

  grant(...args: Parameters<CreditsRepository['grant']>): ReturnType<CreditsRepository['grant']> {
    return this.repository.grant(...args);
  }

  take(...args: Parameters<CreditsRepository['take']>): ReturnType<CreditsRepository['take']> {
    return this.repository.take(...args);
  }

  recordProcessed(
    ...args: Parameters<CreditsRepository['recordProcessed']>
  ): ReturnType<CreditsRepository['recordProcessed']> {
    return this.repository.recordProcessed(...args);
  }
}
