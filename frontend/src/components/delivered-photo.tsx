import { photoFileUrl } from '../lib/file-name';
import { BeforeAfterSlider } from './before-after-slider';

/** What `GET /api/photos` and `GET /api/orders/{id}` add to a delivered photo for showing it beside its original. */
export interface DeliveredPhotoFields {
  id: number;
  name: string | null;
  preview_path?: string | null;
  /** The original at the preview's size; absent for photos enhanced before it existed. */
  before_preview_path?: string | null;
  /** The file name its download carries, e.g. IMG_0042-enhanced.jpg. */
  download_name?: string;
  width?: number | null;
  height?: number | null;
  /** What the engine changed, in plain words; empty when nothing was needed. */
  changes?: string[];
}

export const photoViewUrl = (photoId: number) => `/api/photos/view/${photoId}`;

/** The name a host knows the photo by: its download's name, as the zip and the Download button give it. */
export const deliveredName = (photo: DeliveredPhotoFields) => photo.download_name ?? photo.name ?? `Photo ${photo.id}`;

/**
 * A delivered photo, whole (never cropped: the frame takes the photo's shape), as a before/after slider when its
 * "before" exists, otherwise the enhanced preview alone.
 */
export function DeliveredPhotoCompare({
  photo,
  loading,
  stillSrc,
}: {
  photo: DeliveredPhotoFields;
  loading?: 'eager' | 'lazy';
  /** The image shown when there is no "before" to compare with (default: the enhanced preview). */
  stillSrc?: string;
}) {
  const after = photoFileUrl(photo.preview_path) ?? photoViewUrl(photo.id);
  const before = photoFileUrl(photo.before_preview_path);
  const ratio = photo.width && photo.height ? photo.width / photo.height : undefined;
  const label = deliveredName(photo);
  if (!before) {
    return (
      <img
        src={stillSrc ?? after}
        alt={label}
        loading={loading ?? 'lazy'}
        className="w-full bg-slate-100 object-contain"
        style={ratio ? { aspectRatio: String(ratio) } : undefined}
      />
    );
  }
  return <BeforeAfterSlider beforeSrc={before} afterSrc={after} label={label} aspectRatio={ratio} loading={loading} />;
}

/** "What we changed" under a delivered photo; nothing at all when nothing was needed. */
export function WhatWeChanged({ changes }: { changes?: string[] }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-semibold text-slate-900">What we changed</p>
      <ul aria-label="What we changed" className="mt-1.5 flex flex-wrap gap-1.5">
        {changes.map((change) => (
          <li key={change} className="rounded-full bg-teal-50 px-2.5 py-0.5 text-teal-800 ring-1 ring-teal-200">
            {change}
          </li>
        ))}
      </ul>
    </div>
  );
}
