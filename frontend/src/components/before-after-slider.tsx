import { type KeyboardEvent, type PointerEvent, type ReactNode, type SyntheticEvent, useRef, useState } from 'react';

/** Where the divider starts, in percent of the width (spec section 9). */
export const SLIDER_START_PERCENT = 50;
const KEY_STEP = 5;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** A broken image shows the fallback instead, once (a broken fallback must not loop). */
const fallBackTo = (fallbackSrc: string | undefined) => (event: SyntheticEvent<HTMLImageElement>) => {
  const img = event.currentTarget;
  if (!fallbackSrc || img.dataset.fallback) return;
  img.dataset.fallback = 'true';
  img.src = fallbackSrc;
};

export interface BeforeAfterSliderProps {
  beforeSrc: string;
  afterSrc: string;
  /** Names the photo in the images' alt text and the handle's label. */
  label: string;
  /**
   * Width / height of the photo. With it the frame takes the photo's own shape, so nothing is cropped (a portrait
   * kitchen stays whole); without it the frame is 3:2 and the images cover it (the landing's illustrations).
   */
  aspectRatio?: number;
  /** Shown instead of an image that fails to load. */
  fallbackSrc?: string;
  /** Eager for the one slider a page opens on; lazy (default) for a grid of them. */
  loading?: 'eager' | 'lazy';
  /** Caption under the frame. */
  children?: ReactNode;
}

/**
 * Before on the left, after on the right, split by a divider that follows a mouse or finger (pointer events cover
 * both) and the arrow keys. Vertical swipes still scroll the page (`touch-action: pan-y`).
 */
export function BeforeAfterSlider({
  beforeSrc,
  afterSrc,
  label,
  aspectRatio,
  fallbackSrc,
  loading = 'lazy',
  children,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(SLIDER_START_PERCENT);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowLeft: position - KEY_STEP,
      ArrowDown: position - KEY_STEP,
      ArrowRight: position + KEY_STEP,
      ArrowUp: position + KEY_STEP,
      PageDown: position - 25,
      PageUp: position + 25,
      Home: 0,
      End: 100,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setPosition(clamp(next[event.key]));
  };

  const rounded = Math.round(position);
  const onError = fallBackTo(fallbackSrc);
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div
        ref={frame}
        data-testid="before-after-frame"
        className={`relative cursor-ew-resize touch-pan-y overflow-hidden bg-slate-100 select-none ${
          aspectRatio ? '' : 'aspect-[3/2]'
        }`}
        style={aspectRatio ? { aspectRatio: String(aspectRatio) } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stopDragging}
        onPointerCancel={stopDragging}
        onLostPointerCapture={stopDragging}
      >
        <img
          src={afterSrc}
          alt={`${label} after enhancement`}
          onError={onError}
          draggable={false}
          loading={loading}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
        <img
          src={beforeSrc}
          alt={`${label} before enhancement`}
          onError={onError}
          draggable={false}
          loading={loading}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
        <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-slate-900/75 px-2.5 py-1 text-xs font-semibold text-white">
          Before
        </span>
        <span className="pointer-events-none absolute top-3 right-3 rounded-full bg-teal-700/90 px-2.5 py-1 text-xs font-semibold text-white">
          After
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={`${label}: drag to compare before and after`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
          aria-valuetext={`${rounded}% before`}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className="group absolute inset-y-0 -ml-5 flex w-10 items-center justify-center focus-visible:outline-none"
          style={{ left: `${position}%` }}
        >
          <span aria-hidden="true" className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow" />
          <span
            aria-hidden="true"
            className="relative flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-teal-500 group-focus-visible:ring-4"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </div>
      </div>
      {children && <figcaption className="px-5 py-4">{children}</figcaption>}
    </figure>
  );
}
