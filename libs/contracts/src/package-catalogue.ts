/**
 * The one definition of what can be bought (spec section 9). The server prices payments from it and the
 * client renders cards from it, so a price or a photo count can never differ between the two.
 * Plain data only: the client bundles this file.
 */
export const PACKAGE_TYPES = ['basic', 'standard', 'premium'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export interface PackageDefinition {
  id: PackageType;
  name: string;
  title: string;
  /** Price in cents (USD). Display divides by 100 and shows whole dollars. */
  price: number;
  currency: 'usd';
  photos: number;
  description: string;
  features: string[];
  popular: boolean;
  /** Turnaround as the landing page and FAQ state it. */
  landingTurnaround: string;
  /** Turnaround as the package-selection screen states it. */
  selectionTurnaround: string;
}

const BASE_FEATURES = ['Professional quality enhancement', 'High-resolution downloads'];

export const PACKAGES: readonly PackageDefinition[] = [
  {
    id: 'basic',
    name: 'Basic',
    title: 'Basic Package',
    price: 2900,
    currency: 'usd',
    photos: 5,
    description: 'Perfect for a single room or small property.',
    features: [...BASE_FEATURES],
    popular: false,
    landingTurnaround: '6-hour turnaround',
    selectionTurnaround: '24-hour turnaround',
  },
  {
    id: 'standard',
    name: 'Standard',
    title: 'Standard Package',
    price: 6900,
    currency: 'usd',
    photos: 20,
    description: 'Ideal for a complete apartment or house.',
    features: [...BASE_FEATURES, 'Priority processing'],
    popular: true,
    landingTurnaround: '6-hour turnaround',
    selectionTurnaround: '24-hour turnaround',
  },
  {
    id: 'premium',
    name: 'Premium',
    title: 'Premium Package',
    price: 9900,
    currency: 'usd',
    photos: 40,
    description: 'Perfect for larger properties or multiple listings.',
    features: [...BASE_FEATURES, 'Priority processing', 'Custom image adjustments'],
    popular: false,
    landingTurnaround: 'Express 3-hour turnaround',
    selectionTurnaround: 'Express 12-hour turnaround',
  },
];

export function isPackageType(value: unknown): value is PackageType {
  return typeof value === 'string' && (PACKAGE_TYPES as readonly string[]).includes(value);
}

/** Case-insensitive lookup for query parameters such as `?package=Premium`; anything else is undefined. */
export function parsePackageType(value: unknown): PackageType | undefined {
  const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
  return isPackageType(lower) ? lower : undefined;
}

export function getPackage(type: PackageType): PackageDefinition {
  const found = PACKAGES.find((p) => p.id === type);
  if (!found) throw new Error(`Unknown package type ${type}`);
  return found;
}

/** Whole dollars, as the spec displays prices: 2900 -> "$29". */
export function formatPrice(cents: number): string {
  return `$${Math.round(cents / 100)}`;
}
