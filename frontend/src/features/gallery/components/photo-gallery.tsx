import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { photoFileUrl } from '../../../lib/file-name';
import { type Photo, usePhotos, useZipDownload, type ZipPreset, ZipPresetSelect, type ZipRequest } from '../../photos';
import { photoViewUrl } from '../../../components/delivered-photo';
import { PhotoViewer } from './photo-viewer';
import { MatchedLook } from '../../../components/matched-look';
import { useOrder } from '../../order-details';

/** An outside guide to listing photos for the tips panel. */
export const LISTING_PHOTO_GUIDE_URL = 'https://www.airbnb.com/resources/hosting-homes';

const thumbnailUrl = (photo: Photo) => photoFileUrl(photo.thumbnail_path) ?? photoViewUrl(photo.id);

/** One zip per order that has completed photos (Download All spans orders). */
function zipRequests(photos: Photo[]): ZipRequest[] {
  const counts = new Map<string, number>();
  for (const photo of photos) counts.set(photo.order_id, (counts.get(photo.order_id) ?? 0) + 1);
  return [...counts].map(([orderId, photoCount]) => ({ orderId, photoCount }));
}

/**
 * /gallery (spec section 2): every completed photo, a viewer with Enhanced and Original, downloads. With an
 * `orderId` (from /gallery?order={id}, where the dashboard, the order page and the 'ready' email link) only that
 * order's photos.
 */
export function PhotoGallery({ orderId }: { orderId?: string }) {
  // Asks again every 10 s while an adjustment is being made, so its new version appears on its own.
  const { data: photos, error, isLoading } = usePhotos({ poll: (list) => Boolean(list?.some((p) => p.adjusting)) });
  const { busy, download } = useZipDownload();
  const [preset, setPreset] = useState<ZipPreset>('original');
  // undefined: nothing chosen yet, so the first photo is shown.
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);

  const completed = (photos ?? []).filter((p) => p.status === 'completed' && (!orderId || p.order_id === orderId));
  // The matched-look line belongs to one order: the one asked for, or the only one the gallery shows.
  const shownOrders = new Set(completed.map((p) => p.order_id));
  const oneOrder = orderId ?? (shownOrders.size === 1 ? [...shownOrders][0] : null);
  const { data: order } = useOrder(oneOrder, { quiet: true });
  const selected =
    selectedId === undefined ? (completed[0] ?? null) : (completed.find((p) => p.id === selectedId) ?? null);

  let body;
  if (isLoading && !photos) {
    body = <Spinner label="Loading your photos..." />;
  } else if (error && !photos) {
    body = (
      <Card role="alert" className="px-6 py-12 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Couldn&apos;t load your photos</h2>
        <p className="mt-2 text-slate-600">Check your connection and reload the page to try again.</p>
      </Card>
    );
  } else if (completed.length === 0) {
    body = (
      <Card className="px-6 py-16 text-center">
        <h2 className="text-xl font-semibold text-slate-900">No Enhanced Photos Yet</h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          Your enhanced photos will appear here as soon as they are ready.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
            Go to Dashboard
          </Link>
          <Link to="/processing" className={buttonClasses()}>
            Check Processing Status
          </Link>
        </div>
      </Card>
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="h-fit p-4 lg:order-first">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 className="font-semibold text-slate-900">All Photos ({completed.length})</h2>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void download(zipRequests(completed), preset)}
              disabled={busy}
              aria-busy={busy}
            >
              Download All
            </Button>
          </div>
          <div className="mb-3">
            <ZipPresetSelect value={preset} onChange={setPreset} />
          </div>
          <MatchedLook photosMatched={order?.photos_matched} className="mb-3" />
          <ul
            aria-label="All photos"
            data-testid="gallery-list"
            className="grid max-h-[500px] grid-cols-3 gap-2 overflow-y-auto p-1 lg:grid-cols-2"
          >
            {completed.map((photo) => {
              const isSelected = selected?.id === photo.id;
              return (
                <li key={photo.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(photo.id)}
                    aria-pressed={isSelected}
                    aria-label={`${photo.name ?? `Photo ${photo.id}`}${photo.cover_suggestion ? ', suggested cover' : ''}`}
                    className={`relative block w-full overflow-hidden rounded-lg ring-2 ring-offset-1 transition focus-visible:outline-2 focus-visible:outline-teal-500 ${
                      isSelected ? 'ring-teal-600' : 'ring-transparent hover:ring-slate-300'
                    }`}
                  >
                    <img
                      src={thumbnailUrl(photo)}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                    {photo.cover_suggestion && (
                      <span
                        aria-hidden="true"
                        className="absolute bottom-1 left-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-900"
                      >
                        Cover
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </Card>
        <div className="lg:col-span-2">
          <PhotoViewer photo={selected} />
        </div>
      </div>
    );
  }

  return (
    <div>
      {orderId && (
        <p className="mb-4 text-sm text-slate-600">
          Showing the photos of one order.{' '}
          <Link to="/gallery" className="font-semibold text-teal-700 underline underline-offset-2">
            Show all your photos
          </Link>
        </p>
      )}
      {body}
      <Card className="mt-8 bg-slate-50 p-6">
        <h2 className="font-semibold text-slate-900">Tips for using your enhanced photos</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Lead your listing with the brightest, widest photo of your main living space.</li>
          <li>Upload at full resolution: listing sites compress photos themselves.</li>
          <li>Order photos the way a guest would walk through the property.</li>
        </ul>
        <a
          href={LISTING_PHOTO_GUIDE_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block text-sm font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-800"
        >
          Read a guide to great listing photos (opens in a new tab)
        </a>
      </Card>
    </div>
  );
}
