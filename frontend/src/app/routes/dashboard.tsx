import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function DashboardRoute() {
  return (
    <PlaceholderPage title="Your photos" description="Your orders and their enhanced photos will be listed here." />
  );
}
