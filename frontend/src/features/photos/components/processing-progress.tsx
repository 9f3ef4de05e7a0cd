import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../auth';
import { usePhotos } from '../api/get-photos';

/** Spec section 9: two seconds after everything is done the host is taken to the gallery. */
export const GALLERY_REDIRECT_MS = 2000;

/** /processing (spec section 2): live counts of the host's photos, polled every 10 seconds. */
export function ProcessingProgress() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { data: photos, error, isLoading } = usePhotos({ poll: true });

  const processing = photos?.filter((p) => p.status === 'uploaded').length ?? 0;
  const completed = photos?.filter((p) => p.status === 'completed').length ?? 0;
  // A photo the engine could not process ends as failed and never completes (the order page says 'Photo not
  // available'); the batch is finished once nothing is still waiting.
  const allCompleted = completed > 0 && processing === 0;
  const hours = user?.package_type === 'premium' ? 12 : 24;

  useEffect(() => {
    if (!allCompleted) return;
    const timer = setTimeout(() => navigate('/gallery'), GALLERY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allCompleted, navigate]);

  const counts = [
    { label: 'Processing', value: processing, tone: 'text-sky-700 bg-sky-50' },
    { label: 'Completed', value: completed, tone: 'text-teal-700 bg-teal-50' },
    { label: 'Awaiting Processing', value: 0, tone: 'text-slate-700 bg-slate-100' },
  ];

  return (
    <Card className="mx-auto max-w-3xl px-6 py-10 text-center sm:px-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Photos Are Being Enhanced</h1>
      <p className="mx-auto mt-3 max-w-xl text-slate-600">
        Our AI is enhancing your photos. This can take up to {hours} hours. We&apos;ll send you an email as soon as
        they&apos;re ready.
      </p>

      {allCompleted && (
        <div role="status" className="mt-6 rounded-xl border border-teal-200 bg-teal-50 px-4 py-4 text-teal-900">
          <p className="text-lg font-semibold">All Photos Completed!</p>
          <p className="text-sm">Taking you to your gallery...</p>
        </div>
      )}

      {isLoading && !photos ? (
        <Spinner label="Loading your photos..." />
      ) : error && !photos ? (
        <p role="alert" className="mt-8 text-slate-600">
          We couldn&apos;t load your photos right now. This page will keep trying.
        </p>
      ) : (
        <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {counts.map(({ label, value, tone }) => (
            <div key={label} className={`rounded-xl px-4 py-5 ${tone}`}>
              <dt className="text-sm font-medium">{label}</dt>
              <dd className="mt-1 text-3xl font-bold" data-testid={`count-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
          Back to Dashboard
        </Link>
        <Button onClick={() => navigate('/gallery')} disabled={completed === 0}>
          View Completed Photos
        </Button>
      </div>
    </Card>
  );
}
