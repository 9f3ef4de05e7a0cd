import useSWR from 'swr';
import { apiGet, apiSend } from '../../../lib/api-client';

/** `GET`/`PUT /api/photos/{id}/rating`: the host's "How did we do?" for one delivered photo. */
export interface PhotoRating {
  photo_id: number;
  /** 1 (poor) to 5 (excellent); null until the host rates the photo. */
  score: number | null;
  note: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export const RATING_NOTE_MAX = 1000;

/** A rating this low offers the adjustment panel. */
export const isLowScore = (score: number) => score <= 2;

export const ratingKey = (photoId: number) => `/api/photos/${photoId}/rating`;

/** The stored rating of a delivered photo; null asks for nothing (a photo that cannot be rated). */
export function usePhotoRating(photoId: number | null) {
  return useSWR<PhotoRating>(photoId === null ? null : ratingKey(photoId), (key: string) => apiGet<PhotoRating>(key));
}

export function ratePhoto(photoId: number, rating: { score: number; note: string | null }): Promise<PhotoRating> {
  return apiSend<PhotoRating>('PUT', ratingKey(photoId), rating);
}
