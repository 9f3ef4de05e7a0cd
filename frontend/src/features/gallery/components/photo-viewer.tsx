import * as Tabs from '@radix-ui/react-tabs';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { photoFileUrl } from '../../../lib/file-name';
import { downloadPhoto, type Photo } from '../../photos';
import { DownloadIcon } from '../../../components/ui/icons';

export const viewUrl = (photoId: number) => `/api/photos/view/${photoId}`;
export const originalUrl = (photo: Photo) =>
  photoFileUrl(photo.original_photo_path ?? photo.original_path) ?? viewUrl(photo.id);

const tabClasses =
  'rounded-md px-4 py-1.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** The gallery's main viewer: the selected photo, enhanced or original, and its download. */
export function PhotoViewer({ photo }: { photo: Photo | null }) {
  if (!photo) {
    return (
      <Card className="flex min-h-80 items-center justify-center p-8 text-center text-slate-500">
        <p>Select a photo from the gallery to view it here</p>
      </Card>
    );
  }
  const label = photo.name ?? `Photo ${photo.id}`;

  return (
    <Card className="overflow-hidden">
      <Tabs.Root defaultValue="enhanced">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <Tabs.List aria-label="Photo version" className="inline-flex rounded-lg bg-slate-100 p-1">
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
        <Tabs.Content value="enhanced" className="bg-slate-900 outline-none">
          <img
            src={viewUrl(photo.id)}
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
      <p className="truncate px-4 py-3 text-sm text-slate-600" title={label}>
        {label}
      </p>
    </Card>
  );
}
