import useSWR from 'swr';
import { useCurrentUser } from '../../auth';
import { apiGet } from '../../../lib/api-client';
import type { Photo } from '../types';

export const PHOTOS_KEY = '/api/photos';

/** Spec section 9: the processing screen asks again every 10 seconds. */
export const PHOTOS_POLL_MS = 10000;

export async function getPhotos(): Promise<Photo[]> {
  const photos = await apiGet<unknown>(PHOTOS_KEY);
  // Screens count and filter the list; anything but an array (a proxy's error page parsed as JSON) is no photos.
  return Array.isArray(photos) ? (photos as Photo[]) : [];
}

/** Spec section 7: photos are retried 3 times; a screen showing them re-reads them when it opens. */
export const PHOTOS_QUERY_OPTIONS = {
  errorRetryCount: 3,
  shouldRetryOnError: true,
  revalidateIfStale: true,
} as const;

/**
 * The signed-in host's photos; nothing is fetched while nobody is signed in (spec section 6). `poll` asks again
 * every 10 seconds, always or while the latest list says so (e.g. while an adjustment is being made).
 */
export function usePhotos({ poll = false }: { poll?: boolean | ((photos: Photo[] | undefined) => boolean) } = {}) {
  const { user } = useCurrentUser();
  return useSWR<Photo[]>(user ? PHOTOS_KEY : null, getPhotos, {
    ...PHOTOS_QUERY_OPTIONS,
    refreshInterval: (latest) => ((typeof poll === 'function' ? poll(latest) : poll) ? PHOTOS_POLL_MS : 0),
  });
}
