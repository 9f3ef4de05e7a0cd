import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function PackageSelectionRoute() {
  return (
    <PlaceholderPage
      title="Professional photos for 15x less than a physical photo shoot"
      description="Package selection and checkout will appear here."
    />
  );
}
