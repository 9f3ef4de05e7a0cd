import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DeliveredPhotoCompare, deliveredName, WhatWeChanged } from '../../../components/delivered-photo';
import { Card } from '../../../components/ui/card';
import { photoFileUrl } from '../../../lib/file-name';
import { SUPPORT_EMAIL } from '../../../lib/site';
import { useState } from 'react';
import { downloadPhoto, useZipDownload, type ZipPreset, ZipPresetSelect } from '../../photos';
import type { OrderDetails } from '../api/get-order';
import { DownloadIcon } from '../../../components/ui/icons';
import { MatchedLook } from '../../../components/matched-look';
import { OrderLookLine } from '../../looks';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Order status completed (spec section 2): the enhanced photos, each whole with its before/after slider, the name
 * its download carries and what was changed; downloads one by one or all as a zip.
 */
export function OrderCompleted({ order }: { order: OrderDetails }) {
  const { busy, download } = useZipDownload();
  const [preset, setPreset] = useState<ZipPreset>('original');
  const enhancedCount = order.photos.filter((p) => p.enhanced_path).length;

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your enhanced photos</h1>
          <p className="mt-2 text-slate-600">
            {enhancedCount} enhanced {enhancedCount === 1 ? 'photo' : 'photos'}
          </p>
          <OrderLookLine look={order.look} className="mt-2" />
          <MatchedLook photosMatched={order.photos_matched} className="mt-2" />
          {order.purged_at && (
            <p className="mt-1 text-sm text-slate-500">
              Results are deleted after 90 days: these photos were deleted on {formatDate(order.purged_at)}.
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {enhancedCount > 0 && <ZipPresetSelect value={preset} onChange={setPreset} />}
          {order.photos.length > 0 && (
            <Button
              onClick={() => void download([{ orderId: order.id, photoCount: enhancedCount }], preset)}
              disabled={busy}
              aria-busy={busy}
            >
              <DownloadIcon />
              Download All Photos
            </Button>
          )}
          {enhancedCount > 0 && (
            <Link
              to={`/gallery?order=${encodeURIComponent(order.id)}`}
              className={buttonClasses({ variant: 'secondary' })}
            >
              Open gallery
            </Link>
          )}
        </div>
      </div>

      {order.photos.length === 0 ? (
        <Card className="mt-8 px-6 py-12 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No photos available</h2>
          <p className="mt-2 text-slate-600">
            We couldn&apos;t find any photos for this order. Please{' '}
            <Link to="/contact" className="font-semibold text-teal-700 underline underline-offset-2">
              contact support
            </Link>{' '}
            (<a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>) and we&apos;ll sort it out.
          </p>
        </Card>
      ) : (
        <ul
          aria-label="Enhanced photos"
          className="mt-8 grid grid-cols-1 items-start gap-5 sm:grid-cols-2 lg:grid-cols-3"
        >
          {order.photos.map((photo) => (
            <li key={photo.id} data-testid={`order-photo-${photo.id}`}>
              <Card className="overflow-hidden">
                {photo.enhanced_path ? (
                  <>
                    <DeliveredPhotoCompare photo={photo} stillSrc={photoFileUrl(photo.thumbnail_path) ?? undefined} />
                    <div className="space-y-3 p-3">
                      <div className="flex items-center justify-between gap-3">
                        <div className="flex min-w-0 items-center gap-2">
                          <span className="shrink-0 rounded-full bg-teal-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                            Enhanced
                          </span>
                          <p className="truncate text-sm text-slate-700" title={deliveredName(photo)}>
                            {deliveredName(photo)}
                          </p>
                        </div>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => void downloadPhoto(photo, order.id)}
                          aria-label={`Download ${photo.name ?? `photo ${photo.id}`}`}
                        >
                          <DownloadIcon />
                          Download
                        </Button>
                      </div>
                      <WhatWeChanged changes={photo.changes} />
                    </div>
                  </>
                ) : (
                  <>
                    <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 text-sm text-slate-500">
                      Photo not available
                    </div>
                    {photo.name && (
                      <p className="truncate p-3 text-sm text-slate-500" title={photo.name}>
                        {photo.name}
                      </p>
                    )}
                  </>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
