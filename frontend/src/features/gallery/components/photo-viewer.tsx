import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { DeliveredPhotoCompare, deliveredName, photoViewUrl, WhatWeChanged } from '../../../components/delivered-photo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { photoFileUrl } from '../../../lib/file-name';
import { downloadPhoto, type Photo } from '../../photos';
import { PhotoFeedback } from './photo-feedback';
import { DownloadIcon } from '../../../components/ui/icons';

export const originalUrl = (photo: Photo) =>
  photoFileUrl(photo.original_photo_path ?? photo.original_path) ?? photoViewUrl(photo.id);

/** A portrait photo is as tall as the other views allow (70% of the window), not as wide as the card. */
const compareWidth = (photo: Photo) =>
  photo.width && photo.height ? { width: `min(100%, calc(70vh * ${photo.width / photo.height}))` } : undefined;

const tabClasses =
  'rounded-md px-4 py-1.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/**
 * The gallery's main viewer: the selected photo as a before/after slider (when its "before" exists), enhanced or
 * original, its download, the name that download carries and what was changed.
 */
export function PhotoViewer({ photo }: { photo: Photo | null }) {
  // The host's choice of tab holds from photo to photo; until they choose, a photo opens on its comparison.
  const [chosenTab, setChosenTab] = useState<string | undefined>(undefined);
  if (!photo) {
    return (
      <Card className="flex min-h-80 items-center justify-center p-8 text-center text-slate-500">
        <p>Select a photo from the gallery to view it here</p>
      </Card>
    );
  }
  const label = photo.name ?? `Photo ${photo.id}`;
  const canCompare = Boolean(photo.before_preview_path);
  const tab =
    chosenTab === 'compare' && !canCompare ? 'enhanced' : (chosenTab ?? (canCompare ? 'compare' : 'enhanced'));

  return (
    <Card className="overflow-hidden">
      <Tabs.Root value={tab} onValueChange={setChosenTab}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <Tabs.List aria-label="Photo version" className="inline-flex rounded-lg bg-slate-100 p-1">
            {canCompare && (
              <Tabs.Trigger value="compare" className={tabClasses}>
                Before / after
              </Tabs.Trigger>
            )}
            <Tabs.Trigger value="enhanced" className={tabClasses}>
              Enhanced
            </Tabs.Trigger>
            <Tabs.Trigger value="original" className={tabClasses}>
              Original
            </Tabs.Trigger>
          </Tabs.List>
          <Button size="sm" onClick={() => void downloadPhoto(photo)}>
            <DownloadIcon />
            Download
          </Button>
        </div>
        {canCompare && (
          <Tabs.Content value="compare" className="bg-slate-900 outline-none">
            <div className="mx-auto max-w-full" style={compareWidth(photo)}>
              <DeliveredPhotoCompare photo={photo} loading="eager" />
            </div>
          </Tabs.Content>
        )}
        <Tabs.Content value="enhanced" className="bg-slate-900 outline-none">
          <img
            // The preview's own file name changes when an adjustment replaces it, so the new version is fetched.
            src={photoFileUrl(photo.preview_path) ?? photoViewUrl(photo.id)}
            alt={`${label}, enhanced`}
            className="mx-auto max-h-[70vh] w-full object-contain"
          />
        </Tabs.Content>
        <Tabs.Content value="original" className="bg-slate-900 outline-none">
          <img
            src={originalUrl(photo)}
            alt={`${label}, original`}
            className="mx-auto max-h-[70vh] w-full object-contain"
          />
        </Tabs.Content>
      </Tabs.Root>
      <div className="space-y-3 px-4 py-3">
        <p className="truncate text-sm text-slate-600" title={deliveredName(photo)}>
          {deliveredName(photo)}
        </p>
        {photo.cover_suggestion && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">Suggested cover photo:</span> the best-exposed, cleanest landscape photo of
            this order. Listing sites show the cover first.
          </p>
        )}
        <WhatWeChanged changes={photo.changes} />
        <PhotoFeedback key={photo.id} photo={photo} />
      </div>
    </Card>
  );
}
