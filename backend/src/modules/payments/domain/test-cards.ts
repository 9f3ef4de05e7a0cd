/**
 * The local test gateway's cards, as Stripe's test mode behaves: the number alone decides the outcome.
 * https://docs.stripe.com/testing#cards
 */
export type TestCardOutcome =
  { ok: true } | { ok: false; code: 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS' | 'INCORRECT_NUMBER'; message: string };

const DECLINES: Record<string, TestCardOutcome> = {
  '4000000000000002': { ok: false, code: 'CARD_DECLINED', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'Your card has insufficient funds.' },
};

const INCORRECT: TestCardOutcome = { ok: false, code: 'INCORRECT_NUMBER', message: 'Your card number is incorrect.' };

export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = normaliseCardNumber(cardNumber);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return INCORRECT;
  // Every other valid number succeeds, like Stripe's generic test cards (4242…, 5555…).
  return DECLINES[digits] ?? { ok: true };
}
