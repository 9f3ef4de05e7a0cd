import { Button } from '../../../components/ui/button';

/** The bottom of either card form: the payment error, 'Back' and 'Complete Payment' ('Processing...' while working). */
export function FormActions({
  error,
  processing,
  ready = true,
  onBack,
}: {
  error: string | null;
  processing: boolean;
  /** False until the provider's fields can take a payment. */
  ready?: boolean;
  onBack: () => void;
}) {
  return (
    <>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button type="submit" size="lg" disabled={processing || !ready} aria-busy={processing}>
          {processing ? 'Processing...' : 'Complete Payment'}
        </Button>
      </div>
    </>
  );
}
