/**
 * A return address we may send the browser to after sign-in: a path on our own origin only. Anything that a browser
 * would resolve to another host (`//evil`, `/\evil`, `https://evil`, tabs or newlines that browsers strip) is refused.
 */
export function isSafeReturnPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  try {
    return new URL(value, 'http://app.invalid').host === 'app.invalid';
  } catch {
    return false;
  }
}
