const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An order's creation date as the dashboard shows it (spec section 9): 'Jan 5, 2025'. Built by hand rather than
 * with `toLocaleDateString` so the result is the same in every browser locale; the calendar day is the viewer's
 * local day, as the original screen showed it. An unreadable value gives an empty string instead of 'Invalid Date'.
 */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
