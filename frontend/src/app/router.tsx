import { Route, Routes } from 'react-router-dom';
import { ApiKeysPage } from '../features/api-keys';
import { RequireAuth } from '../features/auth';
import { RootLayout } from './layout/root-layout';
import { AuthConfirmRoute } from './routes/auth-confirm';
import { AuthErrorRoute } from './routes/auth-error';
import { AuthTestRoute } from './routes/auth-test';
import { ContactRoute } from './routes/contact';
import { CookiePolicyRoute } from './routes/cookie-policy';
import { DashboardRoute } from './routes/dashboard';
import { GalleryRoute } from './routes/gallery';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { OrderRoute } from './routes/order';
import { PackageSelectionRoute } from './routes/package-selection';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { ProcessingRoute } from './routes/processing';
import { TermsOfServiceRoute } from './routes/terms-of-service';

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="package-selection" element={<PackageSelectionRoute />} />
        <Route path="contact" element={<ContactRoute />} />
        <Route path="auth/confirm" element={<AuthConfirmRoute />} />
        {/* The server forwards the identity provider's redirect here; it is the same screen as /auth/confirm. */}
        <Route path="api/auth/google/callback" element={<AuthConfirmRoute />} />
        <Route path="auth/error" element={<AuthErrorRoute />} />
        <Route path="auth/test" element={<AuthTestRoute />} />
        <Route path="privacy-policy" element={<PrivacyPolicyRoute />} />
        <Route path="terms-of-service" element={<TermsOfServiceRoute />} />
        <Route path="cookie-policy" element={<CookiePolicyRoute />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="dashboard/api-keys" element={<ApiKeysPage />} />
          <Route path="order" element={<OrderRoute />} />
          <Route path="processing" element={<ProcessingRoute />} />
          <Route path="gallery" element={<GalleryRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
