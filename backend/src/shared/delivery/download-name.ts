/** A download name from the host's file name: `IMG_0042.HEIC` -> `IMG_0042-enhanced.jpg`, safe for a header. */
export function enhancedDownloadName(originalName: string | null, photoId: number): string {
  const stem = (originalName ?? '')
    .replace(/\.[^.]*$/, '')
    // Letters and digits of any script stay ("Küche", "Ванная"): Content-Disposition carries them as filename*
    // (RFC 6266) and the zip flags its names as UTF-8; quotes, slashes and control characters go.
    .replace(/[^\p{L}\p{N}\p{M}._ -]/gu, '')
    .trim()
    .slice(0, 80);
  return stem ? `${stem}-enhanced.jpg` : `enhanced-photo-${photoId}.jpg`;
}
