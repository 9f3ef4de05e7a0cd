import { formatPrice, type PackageDefinition } from '@listinglens/contracts';
import { CheckIcon } from './ui/icons';

/** A package's price line and photo count, as every pricing surface shows them. */
export function PackagePrice({ pkg, large = true }: { pkg: PackageDefinition; large?: boolean }) {
  return (
    <>
      <p className={`${large ? 'mt-6' : 'mt-5'} flex items-baseline gap-2`}>
        <span className={`${large ? 'text-5xl' : 'text-4xl'} font-bold tracking-tight text-slate-900`}>
          {formatPrice(pkg.price)}
        </span>
        <span className="text-sm text-slate-600">one-time</span>
      </p>
      <p className="mt-2 text-sm font-medium text-slate-800">{pkg.photos} photos included</p>
    </>
  );
}

/** The package's features plus the turnaround the current page promises (spec section 9 keeps both readings). */
export function PackageFeatures({
  pkg,
  turnaround,
  className = 'mt-6 flex-1 space-y-3 text-sm text-slate-700',
}: {
  pkg: PackageDefinition;
  turnaround: string;
  className?: string;
}) {
  return (
    <ul className={className}>
      {[...pkg.features, turnaround].map((feature) => (
        <li key={feature} className="flex gap-3">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-teal-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
