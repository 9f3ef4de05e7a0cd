import { type AdjustmentStyle } from '@listinglens/contracts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors/app-error';

/**
 * The rework promise (spec: "refund or rework requests within 7 days of receiving photos"; premium adds custom image
 * adjustments): within 7 days of a photo's delivery, premium hosts may adjust it as often as they like, basic and
 * standard hosts once. Failed adjustments do not count.
 */
export const ADJUSTMENT_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const ADJUSTMENT_STEPS = 2;

export interface AdjustmentSettings {
  style: AdjustmentStyle;
  /** -2..2, a third of a stop each. */
  brightness: number;
  /** -2..2, cooler to warmer. */
  warmth: number;
  /** Keep the engine's verticals correction (true) or leave the camera's perspective (false). */
  straighten: boolean;
  /** Blur faces and licence plates on the photo made again (the order's choice unless the host says otherwise). */
  privacyBlur: boolean;
}

/** Settings as a host sends them: without a word on the blur, the order's choice holds. */
export type RequestedSettings = Omit<AdjustmentSettings, 'privacyBlur'> & { privacyBlur?: boolean };

export type AdjustmentStatus = 'queued' | 'completed' | 'failed';

/**
 * The rendering a style is made with: `natural` is the learned model's look, so it asks for that engine (slower,
 * research-only weights); every other style is a change to the configured default rendering (undefined).
 */
export const styleEngine = (style: AdjustmentStyle): 'learned' | undefined =>
  style === 'natural' ? 'learned' : undefined;

/** Adjustments a photo of this package may have in its window; null for no limit. */
export const adjustmentAllowance = (packageType: string): number | null => (packageType === 'premium' ? null : 1);

export const adjustableUntil = (delivered: Date): Date =>
  new Date(delivered.getTime() + ADJUSTMENT_WINDOW_DAYS * DAY_MS);

/**
 * When the host received the photo, which starts its 7 days: when its order completed (the 'ready' email), or when
 * the photo itself completed while its order is still being worked on; null for a photo not delivered.
 */
export const deliveredAt = (
  photo: { status: string; processDate: Date | null },
  order: { completedAt: Date | null } | null,
): Date | null => (photo.status === 'completed' ? (order?.completedAt ?? photo.processDate) : null);

export const sameSettings = (a: AdjustmentSettings, b: AdjustmentSettings): boolean =>
  a.style === b.style &&
  a.brightness === b.brightness &&
  a.warmth === b.warmth &&
  a.straighten === b.straighten &&
  a.privacyBlur === b.privacyBlur;

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Why this photo cannot be adjusted now, or undefined when it can. `used` counts the photo's adjustments that did
 * not fail (a queued one included).
 */
export function adjustmentRefusal(input: {
  status: string;
  purged: boolean;
  deliveredAt: Date | null;
  now: Date;
  packageType: string;
  used: number;
}): AppError | undefined {
  if (input.purged) return new NotFoundError('PHOTO_NOT_AVAILABLE', 'Photo not available');
  if (input.status !== 'completed' || !input.deliveredAt) {
    return new BadRequestError('PHOTO_NOT_DELIVERED', 'Only delivered photos can be adjusted.');
  }
  const until = adjustableUntil(input.deliveredAt);
  if (input.now.getTime() > until.getTime()) {
    return new AppError(
      'unprocessable',
      'ADJUSTMENT_WINDOW_CLOSED',
      `Adjustments can be requested within ${ADJUSTMENT_WINDOW_DAYS} days of delivery; this photo's window closed on ${formatDay(until)}.`,
    );
  }
  const allowance = adjustmentAllowance(input.packageType);
  if (allowance !== null && input.used >= allowance) {
    return new AppError(
      'unprocessable',
      'ADJUSTMENT_ALLOWANCE_USED',
      'This photo has had its free rework. Premium packages include unlimited adjustments within 7 days of delivery.',
    );
  }
  return undefined;
}

export const adjustmentInProgress = () =>
  new ConflictError(
    'ADJUSTMENT_IN_PROGRESS',
    'An adjustment of this photo is already in progress. You can ask for another once it is ready.',
  );
