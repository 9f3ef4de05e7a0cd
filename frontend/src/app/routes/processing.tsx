import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ProcessingRoute() {
  return (
    <PlaceholderPage
      title="Your Photos Are Being Enhanced"
      description="Live progress for your photos will appear here."
    />
  );
}
