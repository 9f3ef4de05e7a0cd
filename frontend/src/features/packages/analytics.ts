import type { PackageDefinition } from '@listinglens/contracts';
import type { AnalyticsProps } from '../../lib/analytics';

/** The package fields every package and purchase event carries (spec section 3): price in cents, revenue in dollars. */
export function packageEventProps(pkg: PackageDefinition): AnalyticsProps {
  return { packageId: pkg.id, packageName: pkg.name, packagePrice: pkg.price, revenue: pkg.price / 100 };
}
