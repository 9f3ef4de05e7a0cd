import { formatCardNumber, formatExpiry, validateCard } from './card-validation';

const today = new Date(2026, 10, 22);

describe('test card form fields', () => {
  it('groups the card number in fours and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002x')).toBe('4000 0000 0000 0002');
  });

  it("writes the expiry as 'MM / YY'", () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
  });

  it('accepts any future (or current) month and a 3-digit CVC', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123' }, today)).toEqual({});
    expect(validateCard({ number: '4000000000000002', expiry: '01/34', cvc: '999' }, today)).toEqual({});
  });

  it('explains each incomplete or impossible field', () => {
    expect(validateCard({ number: '4242', expiry: '1', cvc: '12' }, today)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(validateCard({ number: '4242424242424242', expiry: '13 / 30', cvc: '123' }, today).expiry).toBe(
      "Your card's expiration date is invalid.",
    );
    expect(validateCard({ number: '4242424242424242', expiry: '10 / 26', cvc: '123' }, today).expiry).toBe(
      "Your card's expiration date is in the past.",
    );
  });
});
