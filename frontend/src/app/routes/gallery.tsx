import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function GalleryRoute() {
  return <PlaceholderPage title="Gallery" description="Your enhanced photos will be viewable here." />;
}
