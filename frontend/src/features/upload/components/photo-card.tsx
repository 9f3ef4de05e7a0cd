import { type PhotoCheck } from '@listinglens/contracts';
import { CloseIcon, WarningIcon } from '../../../components/ui/icons';
import { truncateFileName } from '../selection';

/** One picked file. */
export interface Frame {
  key: number;
  file: File;
  previewUrl: string;
}

export interface PhotoCardProps {
  /** The photo's files: one, or a bracket's frames. */
  frames: Frame[];
  /** The key of the frame that stands for the photo (its preview, name and checks). */
  reference: number;
  checks: PhotoCheck[];
  locked: boolean;
  /** Ticked to be joined with other photos. */
  ticked: boolean;
  onTick: (on: boolean) => void;
  onSplit: () => void;
  onRemove: () => void;
}

/**
 * One photo of the selection: its preview, name and checks, a remove button and a tick to join it with others; a
 * bracket also shows its frame count ("3 frames → 1 photo"), a strip of its frames and a button to split it.
 */
export function PhotoCard({ frames, reference, checks, locked, ticked, onTick, onSplit, onRemove }: PhotoCardProps) {
  const shown = frames.find((frame) => frame.key === reference) ?? frames[0];
  const name = shown.file.name;
  const bracket = frames.length > 1;
  return (
    <li
      className={`group relative overflow-hidden rounded-lg border bg-white ${
        ticked ? 'border-teal-600 ring-2 ring-teal-600' : 'border-slate-200'
      }`}
    >
      <div className="relative">
        <img src={shown.previewUrl} alt={name} className="aspect-square w-full object-cover" />
        {bracket && (
          <p className="absolute bottom-1.5 left-1.5 rounded-full bg-slate-900/80 px-2 py-0.5 text-[11px] font-semibold text-white">
            {frames.length} frames → 1 photo
          </p>
        )}
      </div>
      {bracket && (
        <ul aria-label={`Frames of ${name}`} className="flex gap-1 px-2 pt-1.5">
          {frames.map((frame) => (
            <li key={frame.key} className="min-w-0 flex-1">
              <img
                src={frame.previewUrl}
                alt={frame.file.name}
                title={frame.file.name}
                className={`aspect-square w-full rounded-sm object-cover ${
                  frame.key === shown.key ? 'ring-2 ring-teal-600' : ''
                }`}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="truncate px-2 py-1.5 text-xs text-slate-700" title={name}>
        {truncateFileName(name)}
      </p>
      <PhotoChecks name={name} checks={checks} />
      {!locked && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 pb-2 text-xs">
          <label className="flex items-center gap-1.5 text-slate-700">
            <input
              type="checkbox"
              checked={ticked}
              onChange={(event) => onTick(event.target.checked)}
              aria-label={`Tick ${name} to join`}
              className="size-4 accent-teal-700"
            />
            Join
          </label>
          {bracket && (
            <button
              type="button"
              onClick={onSplit}
              aria-label={`Split ${name} into ${frames.length} photos`}
              className="rounded font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-500"
            >
              Split
            </button>
          )}
        </div>
      )}
      {!locked && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={bracket ? `Remove ${name} and its ${frames.length - 1} other frames` : `Remove ${name}`}
          className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-teal-400"
        >
          <CloseIcon className="size-3.5" />
        </button>
      )}
    </li>
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
