import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function OrderRoute() {
  return <PlaceholderPage title="Order details" description="Uploads and downloads for this order will appear here." />;
}
