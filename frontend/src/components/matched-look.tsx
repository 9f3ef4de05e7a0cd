/**
 * The line that says an order's photos were matched to one look (colour and brightness), from the order's
 * `photos_matched`. Nothing for an order not harmonised, or where fewer than two photos could be matched.
 */
export function MatchedLook({
  photosMatched,
  className = '',
}: {
  photosMatched: number | null | undefined;
  className?: string;
}) {
  if (!photosMatched || photosMatched < 2) return null;
  return (
    <p className={`flex items-center gap-2 text-sm text-slate-700 ${className}`} data-testid="matched-look">
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-teal-500" />
      Colour and brightness matched across your {photosMatched} photos
    </p>
  );
}
