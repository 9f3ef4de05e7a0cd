import { type KeyboardEvent, type PointerEvent, type SyntheticEvent, useRef, useState } from 'react';
import { type BeforeAfterItem, PLACEHOLDER_IMAGE } from '../content';

/** Where the divider starts, in percent of the width (spec section 9). */
export const SLIDER_START_PERCENT = 50;
const KEY_STEP = 5;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** A broken image shows the placeholder instead, once (a broken placeholder must not loop). */
function fallBackToPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = 'true';
  img.src = PLACEHOLDER_IMAGE;
}

/**
 * Before on the left, after on the right, split by a divider that follows a mouse or finger (pointer events cover
 * both) and the arrow keys. Vertical swipes still scroll the page (`touch-action: pan-y`).
 */
export function BeforeAfterSlider({ item }: { item: BeforeAfterItem }) {
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
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div
        ref={frame}
        data-testid="before-after-frame"
        className="relative aspect-[3/2] cursor-ew-resize touch-pan-y overflow-hidden bg-slate-100 select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stopDragging}
        onPointerCancel={stopDragging}
        onLostPointerCapture={stopDragging}
      >
        <img
          src={item.afterImage}
          alt={`${item.title} after enhancement`}
          onError={fallBackToPlaceholder}
          draggable={false}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
        <img
          src={item.beforeImage}
          alt={`${item.title} before enhancement`}
          onError={fallBackToPlaceholder}
          draggable={false}
          loading="lazy"
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
          aria-label={`${item.title}: drag to compare before and after`}
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
      <figcaption className="px-5 py-4">
        <h3 className="font-semibold text-slate-900">{item.title}</h3>
        <p className="mt-1 text-sm text-slate-600">{item.subtitle}</p>
      </figcaption>
    </figure>
  );
}
