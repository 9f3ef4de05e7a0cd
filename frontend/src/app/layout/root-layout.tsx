import { Outlet, useLocation } from 'react-router-dom';
import { AccountRepairBanner } from '../../features/auth';
import { Footer } from './footer';
import { Header } from './header';
import { useHeaderVariant } from './header-variant';
import { useRouteEffects } from './use-route-effects';

export function RootLayout() {
  const { pathname } = useLocation();
  const headerVariant = useHeaderVariant();
  useRouteEffects();

  // The transparent header floats over the page: the landing hero sits under it, other pages start below it.
  const clearsHeader = headerVariant === 'transparent' && pathname !== '/';

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        Skip to content
      </a>
      <AccountRepairBanner />
      {/* Keeps the floating header below a repair banner; `contents` leaves the sticky header free to stick. */}
      <div className={headerVariant === 'transparent' ? 'relative' : 'contents'}>
        <Header variant={headerVariant} />
      </div>
      <main id="main" className={`flex-1 ${clearsHeader ? 'pt-20' : ''}`}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
