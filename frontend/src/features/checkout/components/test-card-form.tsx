import { type FormEvent, useId, useRef, useState } from 'react';
import type { PackageDefinition } from '@listinglens/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { confirmTestPayment } from '../api/confirm-test-payment';
import type { PurchaseSuccess } from '../finish-purchase';
import { PAYMENT_MESSAGES } from '../messages';
import { useCheckoutSubmit } from '../use-checkout-submit';
import { type CardErrors, type CardFields, formatCardNumber, formatExpiry, validateCard } from './card-validation';
import { FormActions } from './form-actions';

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
] as const;

const inputClasses =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-invalid:border-red-500';

/**
 * The card form of the local test gateway (no Stripe keys configured): looks and validates like a real card
 * form, is labelled as test mode, and confirms through the server's test endpoint, where only the number counts.
 */
export function TestCardForm({
  pkg,
  paymentIntentId,
  onBack,
  onSuccess,
}: {
  pkg: PackageDefinition;
  paymentIntentId: string;
  onBack: () => void;
  onSuccess: (purchase: PurchaseSuccess) => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };
  const { processing, error, submit } = useCheckoutSubmit(pkg, onSuccess);

  const update = (name: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (fieldErrors[name]) setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const errors = validateCard(fields);
    setFieldErrors(errors);
    const firstInvalid = (['number', 'expiry', 'cvc'] as const).find((name) => errors[name]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    void submit(async () => {
      try {
        const result = await confirmTestPayment(paymentIntentId, fields.number);
        return { kind: 'confirmed', status: result.status, paymentIntentId: result.paymentIntentId || paymentIntentId };
      } catch (err) {
        // A refusal from the gateway is the provider speaking; a network failure is unexpected.
        if (err instanceof ApiError) return { kind: 'failed', message: errorMessage(err, PAYMENT_MESSAGES.failed) };
        throw err;
      }
    });
  };

  const field = (
    name: keyof CardFields,
    label: string,
    props: Record<string, string | number>,
    format: (v: string) => string,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={refs[name]}
        id={`${id}-${name}`}
        name={name}
        value={fields[name]}
        onChange={(event) => update(name, format(event.target.value))}
        disabled={processing}
        inputMode="numeric"
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${id}-${name}-error` : undefined}
        className={`${inputClasses} ${fieldErrors[name] ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
      />
      {fieldErrors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1.5 text-sm text-red-700">
          {fieldErrors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Card payment (test mode)">
      <div
        role="note"
        aria-labelledby={`${id}-test-mode`}
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <p id={`${id}-test-mode`} className="font-semibold">
          Test mode: no money moves
        </p>
        <p className="mt-1">Use any future expiry date and any 3-digit CVC with one of these card numbers:</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono font-semibold tabular-nums">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      {field(
        'number',
        'Card number',
        { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 },
        formatCardNumber,
      )}
      <div className="grid grid-cols-2 gap-4">
        {field(
          'expiry',
          'Expiry (MM / YY)',
          { autoComplete: 'cc-exp', placeholder: 'MM / YY', maxLength: 7 },
          formatExpiry,
        )}
        {field('cvc', 'CVC', { autoComplete: 'cc-csc', placeholder: '123', maxLength: 3 }, (v) =>
          v.replace(/\D/g, '').slice(0, 3),
        )}
      </div>
      <FormActions error={error} processing={processing} onBack={onBack} />
    </form>
  );
}
