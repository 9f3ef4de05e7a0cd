import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ContactRoute() {
  return <PlaceholderPage title="Contact us" description="The contact form will appear here." />;
}
