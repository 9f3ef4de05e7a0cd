import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../features/auth';
import { swrFetcher } from '../lib/api-client';

/**
 * Data-fetching defaults from spec section 7: GET the key and parse JSON; no refetch on focus, reconnect or
 * interval; cached data is never considered stale; no retries. Screens opt in per hook (orders and photos
 * retry 3 times, processing polls every 10 s).
 */
export const swrDefaults: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </SWRConfig>
  );
}
