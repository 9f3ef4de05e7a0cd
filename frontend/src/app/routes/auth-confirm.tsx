import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function AuthConfirmRoute() {
  return (
    <PlaceholderPage
      title="Login verification"
      description="This page will verify your login and take you to your account."
    />
  );
}
