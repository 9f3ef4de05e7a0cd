import {
  checkSelection,
  joinProblem,
  MAX_BRACKET_FRAMES,
  type PhotoCheck,
  referenceFrame,
} from '@listinglens/contracts';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { track } from '../../../lib/analytics';
import { type UploadResult, uploadPhotos } from '../api/upload-photos';
import { imageFilesOnly, tooManyMessage, uploadBlocker } from '../selection';
import { type MeasuredFile, type MeasurePhoto, measureInBrowser } from '../measure-photo';
import { forgetFrames, groupPhotos, joinPhotos, type Manual, splitPhoto } from '../grouping';
import { PhotoCard, type Frame } from './photo-card';

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
  /**
   * Replaced in tests (jsdom has no canvas); measures a picked photo for the checks shown beside its preview and reads
   * what bracket grouping needs.
   */
  measure?: MeasurePhoto;
}

type UploadState = 'idle' | 'uploading' | 'done' | 'error';

const reloadPage = () => window.location.reload();

/**
 * The upload widget of spec section 2: pick exactly N photos, see them, send them with progress. Frames of one view at
 * different exposures (a bracket) are grouped into one photo as soon as they are read, shown as one with their frame
 * count, and counted and paid as one; the host can split a group or join photos into one by hand.
 */
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
  const [selected, setSelected] = useState<Frame[]>([]);
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [measured, setMeasured] = useState<ReadonlyMap<number, MeasuredFile>>(new Map());
  const measuring = useRef(new Set<number>());
  // Groups the host made by hand, and the photos ticked to be joined (by their first frame's key).
  const [manual, setManual] = useState<Manual>([]);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  // Files of a batch too large to take as single photos, read before it is known whether its brackets fit.
  const [reading, setReading] = useState(0);

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

  const frames = useMemo(() => new Map([...measured].map(([key, m]) => [key, m.frame] as const)), [measured]);
  const photos = useMemo(
    () =>
      groupPhotos(
        selected.map((s) => s.key),
        frames,
        manual,
      ),
    [selected, frames, manual],
  );
  // The frame that stands for each photo: its preview and its checks (a bracket's is the one nearest good exposure).
  const references = useMemo(
    () =>
      photos.map((photo) => {
        const read = photo.filter((key) => measured.has(key));
        return read.length > 0 ? read[referenceFrame(read.map((key) => measured.get(key)!.measurements))] : photo[0];
      }),
    [photos, measured],
  );

  // Duplicates are judged within the current selection, so removing one of a pair clears the other's badge.
  const checks = useMemo(() => {
    const byKey = new Map(selected.map((s) => [s.key, s.file.name]));
    const ready = references.filter((key) => measured.has(key));
    const found = checkSelection(
      ready.map((key) => ({ name: byKey.get(key) ?? '', measurements: measured.get(key)!.measurements })),
    );
    return new Map<number, PhotoCheck[]>(ready.map((key, i) => [key, found[i]]));
  }, [selected, references, measured]);

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
  const locked = uploading || state === 'done' || reading > 0;
  const slotsLeft = limit - photos.length;
  const needed = Math.max(0, maxPhotos - photos.length);
  const byKey = new Map(selected.map((s) => [s.key, s]));
  const tickedPhotos = photos.filter((photo) => ticked.has(photo[0]));

  const tooMany = (left: number) =>
    toast({ title: 'Too many photos', description: tooManyMessage(left), variant: 'destructive' });

  function addFiles(list: FileList | null | undefined) {
    if (locked || !list) return;
    const images = imageFilesOnly(Array.from(list));
    if (images.length === 0 || slotsLeft <= 0) return;
    // Even as brackets of the most frames these would not fit.
    if (images.length > slotsLeft * MAX_BRACKET_FRAMES) return tooMany(slotsLeft);
    setError(null);
    const added = images.map((file) => ({ key: nextKey.current++, file, previewUrl: URL.createObjectURL(file) }));
    if (images.length <= slotsLeft) {
      setSelected((current) => [...current, ...added]);
      return;
    }
    // More files than photos left: they fit only if they are brackets, which is known once they are read.
    void takeIfBrackets(added, slotsLeft);
  }

  async function takeIfBrackets(added: Frame[], left: number) {
    setReading(added.length);
    for (const { key } of added) measuring.current.add(key);
    const read = await Promise.all(added.map((frame) => measure(frame.file).catch(() => null)));
    const readMap = new Map(measured);
    added.forEach(({ key }, i) => {
      if (read[i]) readMap.set(key, read[i]);
    });
    const keys = [...selected, ...added].map((s) => s.key);
    const grouped = groupPhotos(keys, new Map([...readMap].map(([key, m]) => [key, m.frame] as const)), manual);
    setReading(0);
    if (grouped.length - photos.length > left) {
      added.forEach((frame) => URL.revokeObjectURL(frame.previewUrl));
      tooMany(left);
      return;
    }
    // Photos picked before may have been measured meanwhile: add to what is there now.
    setMeasured((current) => {
      const next = new Map(current);
      added.forEach(({ key }, i) => {
        if (read[i]) next.set(key, read[i]);
      });
      return next;
    });
    setSelected((current) => [...current, ...added]);
  }

  function removeFrames(keys: readonly number[]) {
    const gone = new Set(keys);
    setSelected((current) => {
      current.filter((s) => gone.has(s.key)).forEach((s) => URL.revokeObjectURL(s.previewUrl));
      return current.filter((s) => !gone.has(s.key));
    });
    setManual((current) => forgetFrames(current, keys));
  }

  function split(photo: readonly number[]) {
    setManual((current) => splitPhoto(current, photo));
    setTicked(new Set());
  }

  function tick(photo: readonly number[], on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(photo[0]);
      else next.delete(photo[0]);
      return next;
    });
  }

  function join() {
    const problem = joinProblem(
      tickedPhotos.flat().flatMap((key) => {
        const frame = measured.get(key)?.frame;
        return frame ? [frame] : [];
      }),
    );
    if (tickedPhotos.flat().length > MAX_BRACKET_FRAMES || problem) {
      toast({
        title: 'Cannot join these photos',
        description: problem ?? `A bracket has at most ${MAX_BRACKET_FRAMES} frames.`,
        variant: 'destructive',
      });
      return;
    }
    setManual((current) => joinPhotos(current, tickedPhotos));
    setTicked(new Set());
  }

  async function upload() {
    const blocked = uploadBlocker(photos.length);
    if (blocked) {
      toast({ ...blocked, variant: 'destructive' });
      return;
    }
    const files = photos.map((photo) => photo.map((key) => byKey.get(key)!.file));
    setState('uploading');
    setProgress(0);
    setError(null);
    setTicked(new Set());
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
          {photos.map((photo, index) => (
            <PhotoCard
              key={photo[0]}
              frames={photo.map((key) => byKey.get(key)!)}
              reference={references[index]}
              checks={checks.get(references[index]) ?? []}
              locked={locked}
              ticked={ticked.has(photo[0])}
              onTick={(on) => tick(photo, on)}
              onSplit={() => split(photo)}
              onRemove={() => removeFrames(photo)}
            />
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

      {!locked && tickedPhotos.length > 0 && (
        <div
          role="group"
          aria-label="Join photos"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900"
        >
          <span className="grow">
            {tickedPhotos.length === 1
              ? 'Tick another photo to join them into one.'
              : `${tickedPhotos.flat().length} frames → 1 photo`}
          </span>
          <Button size="sm" disabled={tickedPhotos.length < 2} onClick={join}>
            Join into one photo
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setTicked(new Set())}>
            Cancel
          </Button>
        </div>
      )}

      {reading > 0 && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Reading {reading} photos to find the brackets among them...
        </p>
      )}

      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {photos.length}/{maxPhotos} photos selected
          {needed > 0 && <span className="ml-1 font-normal text-slate-500">({needed} more needed)</span>}
        </p>
        <Button
          onClick={() => void upload()}
          disabled={locked || photos.length !== maxPhotos}
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
      <p className="mt-1 text-xs text-slate-500">
        Bracketed shots (2 to 7 frames of one view at different exposures) are merged into one photo, and a bracket
        counts as one photo toward your {maxPhotos}: they count delivered photos, not files. We group the frames for
        you; split a group or tick photos to join them.
      </p>
    </div>
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
