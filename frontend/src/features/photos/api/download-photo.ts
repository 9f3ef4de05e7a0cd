import { toast } from '../../../components/ui/use-toast';
import { track } from '../../../lib/analytics';
import { apiRequest } from '../../../lib/api-client';
import { dispositionFileName } from '../../../lib/file-name';

export const downloadPhotoUrl = (photoId: number) => `/api/download-photo/${photoId}`;

/** Spec section 9: the name used when the server does not send one. */
export const fallbackDownloadName = (photoId: number) => `enhanced-photo-${photoId}.jpg`;

/** Hand a URL to the browser's download manager through a temporary `<a download>`. */
export function startBrowserDownload(href: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = href;
  // An empty download attribute keeps the name the server gives in Content-Disposition.
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export interface DownloadablePhoto {
  id: number;
  enhanced_path: string | null;
  order_id?: string;
}

/**
 * Download one enhanced photo (`GET /api/download-photo/{id}`) under the server's file name, with the spec's
 * toasts: 'Error' when the photo has no enhanced version, 'Download successful' with the file name, or
 * 'Download failed'. Resolves to whether the photo was saved.
 */
export async function downloadPhoto(photo: DownloadablePhoto, orderId?: string): Promise<boolean> {
  if (!photo.enhanced_path) {
    toast({ title: 'Error', description: 'Photo not available for download', variant: 'destructive' });
    return false;
  }
  try {
    const response = await apiRequest('GET', downloadPhotoUrl(photo.id));
    const fileName =
      dispositionFileName(response.headers?.get('Content-Disposition')) ?? fallbackDownloadName(photo.id);
    const url = URL.createObjectURL(await response.blob());
    startBrowserDownload(url, fileName);
    // Give the browser time to start reading the blob before it is released.
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    track('Photo Download', { photoId: photo.id, orderId: orderId ?? photo.order_id });
    toast({ title: 'Download successful', description: fileName });
    return true;
  } catch {
    toast({
      title: 'Download failed',
      description: 'Failed to download the photo. Please try again.',
      variant: 'destructive',
    });
    return false;
  }
}
