export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** Groups of four as the number is typed: '4242424242424242' -> '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM / YY' as the expiry is typed; a leading 2-9 can only be a month ('4' -> '04'). */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Client-side checks of a real card form; the test gateway decides the outcome from the number alone. */
export function validateCard(fields: CardFields, today = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = fields.number.replace(/\s/g, '');
  if (!/^\d{13,19}$/.test(digits)) errors.number = 'Your card number is incomplete.';

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(fields.expiry.trim());
  if (!expiry) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    if (month < 1 || month > 12) {
      errors.expiry = "Your card's expiration date is invalid.";
    } else if (year * 12 + month < today.getFullYear() * 12 + today.getMonth() + 1) {
      errors.expiry = "Your card's expiration date is in the past.";
    }
  }

  if (!/^\d{3}$/.test(fields.cvc.trim())) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}
