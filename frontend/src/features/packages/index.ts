export { PackageCards } from './components/package-cards';
export { usePackages } from './api/get-packages';
export { packageEventProps } from './analytics';
