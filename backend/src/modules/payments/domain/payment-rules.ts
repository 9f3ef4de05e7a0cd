import { type PackageDefinition } from '../../packages';
import { type PaymentIntentSnapshot } from '../ports/payment-gateway';

export type PaymentCheck =
  | { ok: true; pkg: PackageDefinition; userId: number }
  | { ok: false; reason: 'not_succeeded' | 'unknown_package' | 'amount_mismatch' | 'not_owner' | 'no_owner' };

/**
 * Whether a payment may be fulfilled: it succeeded, it paid exactly the catalogue price of the package it names, in
 * the catalogue's currency, and (when a caller is known) it belongs to that caller. `pkg` is the catalogue's entry
 * for the package the payment names (undefined when it names none): the use case looks it up, so this rule takes
 * only the definition's type from the packages module and never loads it.
 */
export function checkPayment(
  payment: PaymentIntentSnapshot,
  pkg: PackageDefinition | undefined,
  callerId: number | undefined,
): PaymentCheck {
  if (payment.status !== 'succeeded') return { ok: false, reason: 'not_succeeded' };
  if (!pkg) return { ok: false, reason: 'unknown_package' };
  if (payment.amount !== pkg.price || payment.currency.toLowerCase() !== pkg.currency) {
    return { ok: false, reason: 'amount_mismatch' };
  }
  if (payment.userId === undefined) return { ok: false, reason: 'no_owner' };
  if (callerId !== undefined && payment.userId !== callerId) return { ok: false, reason: 'not_owner' };
  return { ok: true, pkg, userId: payment.userId };
}
