import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Order status pending (spec section 2). */
export function OrderPending({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <Card className="mx-auto max-w-2xl px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="mx-auto block size-12 animate-spin rounded-full border-4 border-teal-100 border-t-teal-600 motion-reduce:animate-none"
      />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Your photos are being enhanced</h1>
      <p className="mt-3 text-slate-600">
        This typically takes about 3 hours. We&apos;ll send you an email as soon as your enhanced photos are ready.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          Refresh Status
        </Button>
        <Link to="/dashboard" className={buttonClasses()}>
          Return to Dashboard
        </Link>
      </div>
    </Card>
  );
}
