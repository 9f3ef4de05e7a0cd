import { testCardOutcome } from './test-cards';

describe('test cards', () => {
  it('accepts 4242 4242 4242 4242 with or without spaces', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(testCardOutcome('4242424242424242')).toEqual({ ok: true });
  });

  it('declines the decline card with Stripe’s message', () => {
    expect(testCardOutcome('4000 0000 0000 0002')).toEqual({
      ok: false,
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
  });

  it('fails the insufficient-funds card', () => {
    expect(testCardOutcome('4000000000009995')).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });

  it.each(['4242 4242 4242 4241', '1234', 'abcd efgh ijkl mnop', ''])('calls %j an incorrect number', (n) => {
    expect(testCardOutcome(n)).toMatchObject({
      ok: false,
      code: 'INCORRECT_NUMBER',
      message: 'Your card number is incorrect.',
    });
  });
});
