import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getPackage } from '@listinglens/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../auth';
import { OrderLookCard } from '../../looks';
import { PhotoUpload } from '../../upload';
import type { OrderDetails } from '../api/get-order';
import { CloseIcon } from '../../../components/ui/icons';

const DO = [
  'Use a cellphone: no professional camera needed',
  'Capture the entire room or feature',
  'Shoot vertical or landscape, whichever fits the space',
  'Include all key rooms and features',
  "Don't worry about clutter",
];
const DONT = ['Blurry or out-of-focus images', 'Include people'];

/** Order status new (spec section 2): upload exactly the package's photo count, with guidance. */
export function OrderUploadSection({ order, onUploaded }: { order: OrderDetails; onUploaded?: () => void }) {
  const { user, refresh } = useCurrentUser();
  const [tipOpen, setTipOpen] = useState(true);
  const photoCount = getPackage(order.package_type).photos;
  const credits = user?.photos_remaining ?? 0;

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Upload your {photoCount} photos</h1>
      <p className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <span aria-hidden="true" className="font-bold">
          !
        </span>
        <span>
          The quality of the photos you upload directly affects the enhanced results. Take a moment to check them
          against the guidelines before you upload.
        </span>
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {tipOpen && (
            <aside
              aria-label="How to get the best results"
              className="relative rounded-xl border border-teal-200 bg-teal-50 p-4 pr-12 text-sm text-teal-900"
            >
              <h2 className="font-semibold">How to get the best results</h2>
              <p className="mt-1">
                Shoot in daylight with the lights on, hold the phone level at chest height, and stand in a corner so
                each photo shows as much of the room as possible.
              </p>
              <button
                type="button"
                onClick={() => setTipOpen(false)}
                aria-label="Dismiss tip"
                className="absolute top-3 right-3 rounded-md p-1 text-teal-800 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-500"
              >
                <CloseIcon />
              </button>
            </aside>
          )}

          <OrderLookCard order={order} onChanged={onUploaded} />

          {credits === 0 ? (
            <Card className="px-6 py-10 text-center">
              <h2 className="text-xl font-semibold text-slate-900">No photo credits remaining</h2>
              <p className="mt-2 text-slate-600">
                You currently have {credits} photo credits. Purchase a package to upload more photos.
              </p>
              <Link to="/package-selection" className={buttonClasses({ className: 'mt-6' })}>
                Purchase More Credits
              </Link>
            </Card>
          ) : (
            <Card className="p-4 sm:p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">Upload photos</h2>
              <PhotoUpload
                maxPhotos={photoCount}
                photosRemaining={order.photos_remaining}
                orderId={order.id}
                onComplete={() => {
                  // The page reloads a second later; until then show the order's and the credits' new state.
                  onUploaded?.();
                  void refresh().catch(() => null);
                }}
              />
            </Card>
          )}
        </div>

        <Card className="h-fit p-6">
          <h2 className="text-lg font-semibold text-slate-900">Photo guidelines</h2>
          <h3 className="mt-4 text-sm font-semibold text-teal-700">Do</h3>
          <ul aria-label="Do" className="mt-2 space-y-2 text-sm text-slate-700">
            {DO.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-teal-600">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-semibold text-red-700">Don&apos;t</h3>
          <ul aria-label="Don't" className="mt-2 space-y-2 text-sm text-slate-700">
            {DONT.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-red-600">
                  ✕
                </span>
                {item}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
