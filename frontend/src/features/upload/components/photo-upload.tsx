import { checkSelection, type PhotoCheck, type PhotoMeasurements } from '@listinglens/contracts';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { track } from '../../../lib/analytics';
import { type UploadResult, uploadPhotos } from '../api/upload-photos';
import { imageFilesOnly, tooManyMessage, truncateFileName, uploadBlocker } from '../selection';
import { CloseIcon, WarningIcon } from '../../../components/ui/icons';
import { type MeasurePhoto, measureInBrowser } from '../measure-photo';

/** Spec section 9: the page reloads 1 second after a successful upload. */
export const RELOAD_DELAY_MS = 1000;

export interface PhotoUploadProps {
  /** The package's photo count: exactly this many must be selected. */
  maxPhotos: number;
  /** Photos the order can still take; the selection never goes past it. */
  photosRemaining: number;
  orderId: string;
  onComplete?: (result: UploadResult) => void;
  /** Replaced in tests; the page reload that shows the order's new state. */
  reload?: () => void;
  /** Replaced in tests (jsdom has no canvas); measures a picked photo for the checks shown beside its preview. */
  measure?: MeasurePhoto;
}

interface Selected {
  key: number;
  file: File;
  previewUrl: string;
}

type UploadState = 'idle' | 'uploading' | 'done' | 'error';

const reloadPage = () => window.location.reload();

/** The upload widget of spec section 2: pick exactly N images, see them, send them with progress. */
export function PhotoUpload({
  maxPhotos,
  photosRemaining,
  orderId,
  onComplete,
  reload = reloadPage,
  measure = measureInBrowser,
}: PhotoUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [selected, setSelected] = useState<Selected[]>([]);
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [measured, setMeasured] = useState<ReadonlyMap<number, PhotoMeasurements>>(new Map());
  const measuring = useRef(new Set<number>());

  // Each photo is measured once, when picked; the checks are advice beside its preview and never block the upload.
  useEffect(() => {
    for (const { key, file } of selected) {
      if (measuring.current.has(key)) continue;
      measuring.current.add(key);
      void measure(file).then((m) => {
        if (m) setMeasured((current) => new Map(current).set(key, m));
      });
    }
  }, [selected, measure]);

  // Duplicates are judged within the current selection, so removing one of a pair clears the other's badge.
  const checks = useMemo(() => {
    const ready = selected.filter((s) => measured.has(s.key));
    const found = checkSelection(ready.map((s) => ({ name: s.file.name, measurements: measured.get(s.key)! })));
    return new Map<number, PhotoCheck[]>(ready.map((s, i) => [s.key, found[i]]));
  }, [selected, measured]);

  // Release every preview when the widget goes away (including the page reload after success).
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  useEffect(() => () => selectedRef.current.forEach((s) => URL.revokeObjectURL(s.previewUrl)), []);

  // A file dropped beside the zone would make the browser open it and lose the selection.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const limit = Math.max(0, Math.min(maxPhotos, photosRemaining));
  const uploading = state === 'uploading';
  const locked = uploading || state === 'done';
  const slotsLeft = limit - selected.length;
  const needed = Math.max(0, maxPhotos - selected.length);

  function addFiles(list: FileList | null | undefined) {
    if (locked || !list) return;
    const images = imageFilesOnly(Array.from(list));
    if (images.length === 0 || slotsLeft <= 0) return;
    if (images.length > slotsLeft) {
      toast({ title: 'Too many photos', description: tooManyMessage(slotsLeft), variant: 'destructive' });
      return;
    }
    setError(null);
    setSelected((current) => [
      ...current,
      ...images.map((file) => ({ key: nextKey.current++, file, previewUrl: URL.createObjectURL(file) })),
    ]);
  }

  function remove(key: number) {
    setSelected((current) => {
      const gone = current.find((s) => s.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((s) => s.key !== key);
    });
  }

  async function upload() {
    const blocked = uploadBlocker(selected.length);
    if (blocked) {
      toast({ ...blocked, variant: 'destructive' });
      return;
    }
    const files = selected.map((s) => s.file);
    setState('uploading');
    setProgress(0);
    setError(null);
    track('Photo Upload Start', { orderId, numPhotos: files.length });
    try {
      const result = await uploadPhotos(orderId, files, setProgress);
      setState('done');
      setProgress(100);
      const remaining = result.order?.photos_remaining ?? Math.max(0, photosRemaining - files.length);
      track('Photo Upload Complete', {
        orderId,
        numPhotos: files.length,
        remainingPhotos: remaining,
        orderComplete: remaining === 0,
      });
      toast({ title: 'Upload complete', description: `Successfully uploaded ${files.length} photo(s).` });
      onComplete?.(result);
      setTimeout(reload, RELOAD_DELAY_MS);
    } catch (err) {
      const message = (err instanceof Error && err.message) || 'An error occurred while uploading your photos.';
      setState('error');
      setError(message);
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer?.files);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (!locked && slotsLeft > 0) setDragging(true);
  }

  const canBrowse = !locked && slotsLeft > 0;

  return (
    <div
      data-testid="upload-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-xl border-2 border-dashed p-4 transition-colors sm:p-6 ${
        dragging ? 'border-teal-500 bg-teal-50' : 'border-slate-300 bg-slate-50/60'
      }`}
    >
      <input
        ref={inputRef}
        type="file"
        multiple
        accept="image/*"
        className="sr-only"
        aria-label="Choose photos"
        // Reached through the visible buttons; a hidden control in the tab order would be a silent stop.
        tabIndex={-1}
        disabled={!canBrowse}
        onChange={(event) => {
          addFiles(event.target.files);
          // Let the same file be picked again after it was removed.
          event.target.value = '';
        }}
      />

      {selected.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <UploadIcon />
          <p className="text-base font-semibold text-slate-900">Drag and drop your photos here</p>
          <p className="text-sm text-slate-600">
            or{' '}
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              disabled={!canBrowse}
              className="rounded font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
            >
              browse your files
            </button>
          </p>
        </div>
      ) : (
        <ul aria-label="Selected photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {selected.map(({ key, file, previewUrl }) => (
            <li key={key} className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white">
              <img src={previewUrl} alt={file.name} className="aspect-square w-full object-cover" />
              <p className="truncate px-2 py-1.5 text-xs text-slate-700" title={file.name}>
                {truncateFileName(file.name)}
              </p>
              <PhotoChecks name={file.name} checks={checks.get(key) ?? []} />
              {!locked && (
                <button
                  type="button"
                  onClick={() => remove(key)}
                  aria-label={`Remove ${file.name}`}
                  className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-teal-400"
                >
                  <CloseIcon className="size-3.5" />
                </button>
              )}
            </li>
          ))}
          {canBrowse && (
            <li>
              <button
                type="button"
                onClick={() => inputRef.current?.click()}
                className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-white text-sm font-semibold text-slate-600 hover:border-teal-500 hover:text-teal-700"
              >
                <span aria-hidden="true" className="text-2xl leading-none">
                  +
                </span>
                Add More
              </button>
            </li>
          )}
        </ul>
      )}

      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {selected.length}/{maxPhotos} photos selected
          {needed > 0 && <span className="ml-1 font-normal text-slate-500">({needed} more needed)</span>}
        </p>
        <Button
          onClick={() => void upload()}
          disabled={locked || selected.length !== maxPhotos}
          aria-busy={uploading}
          className="w-full sm:w-auto"
        >
          {uploading ? 'Uploading...' : 'Upload Photos'}
        </Button>
      </div>

      {(uploading || state === 'done') && (
        <div className="mt-4">
          <div className="mb-1 flex justify-between text-xs font-medium text-slate-600">
            <span>{state === 'done' ? 'Photos uploaded successfully' : 'Uploading...'}</span>
            <span>{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      <p className="mt-4 text-xs text-slate-500">Supported formats: JPG, PNG, WEBP. Max size: 10MB per file.</p>
    </div>
  );
}

/** A photo's checks as a short list of badges: words first, the colour and icon only repeat them. */
function PhotoChecks({ name, checks }: { name: string; checks: PhotoCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <ul aria-label={`Checks for ${name}`} className="flex flex-col gap-1 px-2 pb-2">
      {checks.map((check) => (
        <li
          key={check.code}
          className="flex gap-1 rounded-md bg-amber-50 px-1.5 py-1 text-[11px] leading-snug text-amber-900 ring-1 ring-amber-200 [overflow-wrap:anywhere]"
        >
          <WarningIcon />
          <span>{check.message}</span>
        </li>
      ))}
    </ul>
  );
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-10 text-teal-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 16V4m0 0L7.5 8.5M12 4l4.5 4.5" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}
