import { ADJUSTMENT_STYLES as STYLES, type AdjustmentStyle } from '@listinglens/contracts';
import useSWR from 'swr';
import { apiGet, apiSend } from '../../../lib/api-client';

export { DEFAULT_ADJUSTMENT_STYLE, type AdjustmentStyle } from '@listinglens/contracts';

const STYLE_TEXT: Record<AdjustmentStyle, { label: string; hint: string }> = {
  listing: { label: 'Listing look', hint: 'Our default look' },
  natural: { label: 'Natural', hint: "The retouching model's softer rendering" },
  'bright-airy': { label: 'Bright & airy', hint: 'Lighter and softer' },
  warm: { label: 'Warm', hint: 'Golden light' },
};

/** The styles the API accepts, in its order, with what the panel calls them. */
export const ADJUSTMENT_STYLES = STYLES.map((value) => ({ value, ...STYLE_TEXT[value] }));

export interface AdjustmentRequest {
  style: AdjustmentStyle;
  /** -2..2, a third of a stop per step. */
  brightness: number;
  /** -2..2, cooler to warmer. */
  warmth: number;
  straighten: boolean;
  /** Faces and licence plates blurred on the photo made again (or not). */
  privacyBlur: boolean;
}

export interface Adjustment extends Omit<AdjustmentRequest, 'privacyBlur'> {
  privacy_blur?: boolean;
  id: number;
  photo_id: number;
  status: 'queued' | 'completed' | 'failed' | string;
  requested_at: string;
  completed_at: string | null;
  failure_reason: string | null;
}

/** `GET /api/photos/{id}/adjustments`. */
export interface PhotoAdjustments {
  adjustable_until: string | null;
  /** null: unlimited (premium); 0 once used up or once the window has closed. */
  remaining: number | null;
  adjustments: Adjustment[];
  /** The look the photo's order was made in (chosen at purchase): where a new adjustment starts. */
  order_look?: AdjustmentStyle;
  /** Whether the photo as delivered now has faces and licence plates blurred: where the blur choice starts. */
  privacy_blurred?: boolean;
}

export const adjustmentsKey = (photoId: number) => `/api/photos/${photoId}/adjustments`;

export function usePhotoAdjustments(photoId: number | null) {
  return useSWR<PhotoAdjustments>(photoId === null ? null : adjustmentsKey(photoId), (key: string) =>
    apiGet<PhotoAdjustments>(key),
  );
}

export function requestAdjustment(photoId: number, request: AdjustmentRequest): Promise<Adjustment> {
  return apiSend<Adjustment>('POST', adjustmentsKey(photoId), request);
}
