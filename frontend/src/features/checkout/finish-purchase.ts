import type { PackageType } from '@listinglens/contracts';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { completePurchase } from './api/complete-purchase';
import { PAYMENT_MESSAGES } from './messages';

/** What the success callback receives: no order id when the server could not confirm the purchase. */
export interface PurchaseSuccess {
  orderId?: string;
  redirectUrl?: string;
}

export type FinishOutcome = { ok: true; purchase: PurchaseSuccess } | { ok: false; message: string };

function isPaymentIncomplete(error: ApiError): boolean {
  try {
    return (JSON.parse(error.body) as { code?: unknown }).code === 'PAYMENT_INCOMPLETE';
  } catch {
    return false;
  }
}

/**
 * After the provider reports success: ask the server to create the order (spec section 4, payment flow).
 * The money has moved by then, so a failed confirm call still counts as success for the person paying
 * (spec section 8): 'Payment successful' and the success callback without an order id. Only the server saying
 * the payment did not succeed is a failure. Network failures are thrown for the caller's "unexpected" message.
 */
export async function finishPurchase(
  paymentIntentId: string,
  packageType: PackageType | string,
): Promise<FinishOutcome> {
  try {
    const { orderId, redirectUrl } = await completePurchase(paymentIntentId);
    return { ok: true, purchase: { orderId, redirectUrl } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (isPaymentIncomplete(error)) {
      return { ok: false, message: errorMessage(error, PAYMENT_MESSAGES.incomplete) };
    }
    console.error(`Server error: ${error.status} ${error.message}`);
    toast({ title: PAYMENT_MESSAGES.unconfirmedTitle, description: PAYMENT_MESSAGES.unconfirmed(packageType) });
    return { ok: true, purchase: {} };
  }
}
