/** A centred spinner with a visible label; the label is also what screen readers announce. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-24 text-slate-600">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-teal-600 motion-reduce:animate-none"
      />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
