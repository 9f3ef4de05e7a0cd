import { PACKAGES } from '@listinglens/contracts';
import { Button } from '../../../components/ui/button';
import { SECTION_IDS } from '../scroll';
import { usePickPackage } from './use-pick-package';
import { PackageFeatures, PackagePrice } from '../../../components/package-offer';

/** The three cards of the shared catalogue, with the landing page's turnaround (spec section 9). */
export function Pricing() {
  const pick = usePickPackage();
  return (
    <section
      id={SECTION_IDS.pricing}
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 bg-slate-50 px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Pricing</p>
          <h2 id="pricing-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Simple, one-time pricing
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Pay once per package, no subscription. 15x cheaper than a physical photographer, from $29.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3 lg:items-stretch">
          {PACKAGES.map((pkg) => (
            <li
              key={pkg.id}
              data-testid={`package-card-${pkg.id}`}
              className={`relative flex flex-col rounded-2xl bg-white p-7 shadow-sm ${pkg.popular ? 'border-2 border-teal-600 shadow-lg lg:-my-3 lg:py-10' : 'border border-slate-200'}`}
            >
              {pkg.popular && (
                <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-teal-700 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </p>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{pkg.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
              <PackagePrice pkg={pkg} />
              <PackageFeatures
                pkg={pkg}
                turnaround={pkg.landingTurnaround}
                className="mt-6 flex-1 space-y-3 text-sm text-slate-700"
              />
              <Button
                size="lg"
                variant={pkg.popular ? 'primary' : 'secondary'}
                className="mt-8 w-full"
                onClick={() => pick(pkg.id)}
              >
                Choose {pkg.name}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
