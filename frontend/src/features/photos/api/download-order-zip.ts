import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { track } from '../../../lib/analytics';
import { startBrowserDownload } from './download-photo';

/** The zip's format: the delivered files, or rendered for a listing platform (see the API's preset). */
export const ZIP_PRESETS = [
  { value: 'original', label: 'Original size' },
  { value: 'airbnb', label: 'Airbnb (3:2, up to 2400 px)' },
  { value: 'vrbo', label: 'Vrbo (landscape, 1920 px and up)' },
] as const;
export type ZipPreset = (typeof ZIP_PRESETS)[number]['value'];

export const orderZipUrl = (orderId: string, preset: ZipPreset = 'original') =>
  `/api/orders/${encodeURIComponent(orderId)}/download${preset === 'original' ? '' : `?preset=${preset}`}`;

/** How long Download All stays busy ('Preparing download') after handing the zip(s) to the browser. */
export const ZIP_BUSY_MS = 1500;

export interface ZipRequest {
  orderId: string;
  /** Enhanced photos in that order's zip. */
  photoCount: number;
}

const plural = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

/**
 * Download All (spec sections 2, 4, 8): one streamed zip per order (`GET /api/orders/{id}/download`), handed to
 * the browser so it writes the archive straight to disk; nothing is assembled in memory. `busy` is on from the
 * click until the browser has the download(s).
 */
export function useZipDownload() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const download = useCallback(async (requests: ZipRequest[], preset: ZipPreset = 'original'): Promise<boolean> => {
    if (running.current) return false;
    const wanted = requests.filter((r) => r.photoCount > 0);
    const total = wanted.reduce((sum, r) => sum + r.photoCount, 0);
    if (total === 0) {
      toast({
        title: 'No photos to download',
        description: 'There are no enhanced photos available for download.',
        variant: 'destructive',
      });
      return false;
    }

    running.current = true;
    setBusy(true);
    toast({
      title: 'Preparing download',
      description: `Preparing a ZIP file of ${plural(total)}...`,
    });
    try {
      for (const [index, request] of wanted.entries()) {
        // Browsers drop a second download started in the same tick; space them out.
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, 400));
        startBrowserDownload(orderZipUrl(request.orderId, preset));
        track('Batch Download', { orderId: request.orderId, numPhotos: request.photoCount, preset });
      }
      // The server needs a moment to open the archive before the browser's download shows; keep 'Preparing
      // download' up (and the button busy) meanwhile, so a second click cannot start another stream.
      await new Promise((resolve) => setTimeout(resolve, ZIP_BUSY_MS));
      toast({
        title: 'Download started',
        description: `${plural(total)} ${total === 1 ? 'is' : 'are'} downloading as a ZIP file.`,
      });
      return true;
    } catch {
      toast({
        title: 'Download failed',
        description: 'Failed to download the photos. Please try again.',
        variant: 'destructive',
      });
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, download };
}
