import type { DeliveredPhotoFields } from '../../components/delivered-photo';

/** One of the signed-in host's photos as `GET /api/photos` lists it (spec section 3, Photo). */
export interface Photo extends DeliveredPhotoFields {
  id: number;
  order_id: string;
  /** uploaded -> completed; 'failed' when enhancement gave up. Any other value counts as neither. */
  status: 'uploaded' | 'completed' | 'failed' | string;
  name: string | null;
  original_path: string;
  /** The same file as original_path; the gallery reads this name (spec section 3). */
  original_photo_path?: string | null;
  enhanced_path: string | null;
  thumbnail_path?: string | null;
  upload_date: string;
  process_date: string | null;
  /** An adjustment is being made; this version stays until the new one is ready. */
  adjusting?: boolean;
  /** The suggested cover photo of its order. */
  cover_suggestion?: boolean;
}
