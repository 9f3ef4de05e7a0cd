import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function AuthTestRoute() {
  return (
    <PlaceholderPage
      title="Auth test"
      description="A debug view of the login tokens in the address will appear here."
    />
  );
}
