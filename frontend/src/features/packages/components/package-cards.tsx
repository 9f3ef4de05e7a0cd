import { type PackageDefinition, type PackageType } from '@listinglens/contracts';
import { Button } from '../../../components/ui/button';
import { PackageFeatures, PackagePrice } from '../../../components/package-offer';

export interface PackageCardsProps {
  packages: readonly PackageDefinition[];
  /** The package named in the query string, highlighted as the visitor's pick. */
  preselected?: PackageType;
  /** The package whose checkout is being prepared; every button waits meanwhile. */
  pending?: PackageType;
  onChoose: (type: PackageType) => void;
}

/**
 * The three package cards of the package-selection screen, with this screen's turnaround (spec sections 2 and 9).
 * On phones the visitor's pick moves to the top, so it is in view without scrolling past the other two.
 */
export function PackageCards({ packages, preselected, pending, onChoose }: PackageCardsProps) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
      {packages.map((pkg) => {
        const picked = pkg.id === preselected;
        const emphasised = picked || (!preselected && pkg.popular);
        return (
          <li
            key={pkg.id}
            data-testid={`package-card-${pkg.id}`}
            aria-current={picked ? 'true' : undefined}
            className={`relative flex flex-col rounded-2xl bg-white p-7 shadow-sm ${
              emphasised ? 'border-2 border-teal-600 shadow-lg' : 'border border-slate-200'
            } ${picked ? 'order-first ring-4 ring-teal-100 lg:order-none' : ''}`}
          >
            <div className="absolute -top-3.5 left-1/2 flex -translate-x-1/2 gap-2 whitespace-nowrap">
              {pkg.popular && (
                <p className="rounded-full bg-teal-700 px-3 py-1 text-xs font-semibold text-white">Most Popular</p>
              )}
              {picked && (
                <p className="rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white">Your pick</p>
              )}
            </div>
            <h2 className="text-lg font-semibold text-slate-900">{pkg.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
            <PackagePrice pkg={pkg} />
            <PackageFeatures
              pkg={pkg}
              turnaround={pkg.selectionTurnaround}
              className="mt-6 flex-1 space-y-3 text-sm text-slate-700"
            />
            <Button
              size="lg"
              variant={emphasised ? 'primary' : 'secondary'}
              className="mt-8 w-full"
              disabled={pending !== undefined}
              aria-busy={pending === pkg.id}
              onClick={() => onChoose(pkg.id)}
            >
              {pending === pkg.id ? 'Preparing checkout...' : `Choose ${pkg.name}`}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
