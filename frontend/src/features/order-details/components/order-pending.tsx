import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { photoFileUrl } from '../../../lib/file-name';
import type { OrderPhoto } from '../api/get-order';
import { OrderLookLine } from '../../looks';

/**
 * Order status pending (spec section 2). The page asks for the order again every 10 seconds (useOrder), so each
 * photo shows up here as soon as it is enhanced.
 */
export function OrderPending({
  photos,
  look,
  onRefresh,
  refreshing,
}: {
  photos: OrderPhoto[];
  /** The order's look, which the photos are being made in. */
  look?: string;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const ready = photos.filter((photo) => photo.status === 'completed' && photo.thumbnail_path);
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="px-6 py-12 text-center">
        <span
          aria-hidden="true"
          className="mx-auto block size-12 animate-spin rounded-full border-4 border-teal-100 border-t-teal-600 motion-reduce:animate-none"
        />
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Your photos are being enhanced</h1>
        <p className="mt-3 text-slate-600">
          This typically takes about 3 hours. We&apos;ll send you an email as soon as your enhanced photos are ready.
        </p>
        <OrderLookLine look={look} className="mt-3" />
        {photos.length > 0 && (
          <p className="mt-3 text-sm font-medium text-slate-700" aria-live="polite">
            {ready.length} of {photos.length} {photos.length === 1 ? 'photo' : 'photos'} ready
          </p>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
            Refresh Status
          </Button>
          <Link to="/dashboard" className={buttonClasses()}>
            Return to Dashboard
          </Link>
        </div>
      </Card>
      {ready.length > 0 && (
        <ul aria-label="Photos ready so far" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ready.map((photo) => (
            <li key={photo.id}>
              <img
                src={photoFileUrl(photo.thumbnail_path) ?? undefined}
                alt={photo.name ?? `Enhanced photo ${photo.id}`}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
