import useSWR from 'swr';
import { getPackage, PACKAGES, type PackageDefinition, type PackageType } from '@listinglens/contracts';
import { apiGet } from '../../../lib/api-client';

export const PACKAGES_KEY = '/api/packages';

export function getPackages(): Promise<PackageDefinition[]> {
  return apiGet<PackageDefinition[]>(PACKAGES_KEY);
}

/** Keeps only well-formed entries for the three known types, in the catalogue's order. */
function usable(fromServer: PackageDefinition[] | undefined): readonly PackageDefinition[] {
  if (!Array.isArray(fromServer)) return PACKAGES;
  return PACKAGES.map(
    (fallback) =>
      fromServer.find(
        (p): p is PackageDefinition =>
          p?.id === fallback.id && typeof p.price === 'number' && typeof p.photos === 'number',
      ) ?? fallback,
  );
}

/**
 * The package catalogue from `GET /api/packages`. The bundled catalogue is shown at once and stays in use when the
 * call fails or leaves a package out (spec section 7: "defaults used when absent").
 */
export function usePackages(): {
  packages: readonly PackageDefinition[];
  find: (type: PackageType) => PackageDefinition;
} {
  const { data } = useSWR<PackageDefinition[]>(PACKAGES_KEY, getPackages);
  const packages = usable(data);
  return {
    packages,
    find: (type) => packages.find((p) => p.id === type) ?? getPackage(type),
  };
}
