/**
 * Where to go after a purchase: the server's redirectUrl when it stays on this site, else /dashboard. An address
 * elsewhere is never followed, so a tampered answer cannot send a paying customer off-site.
 */
export function purchaseRedirect(redirectUrl: string | undefined, origin = window.location.origin): string {
  if (!redirectUrl) return '/dashboard';
  try {
    const url = new URL(redirectUrl, origin);
    if (url.origin !== origin) return '/dashboard';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/dashboard';
  }
}
