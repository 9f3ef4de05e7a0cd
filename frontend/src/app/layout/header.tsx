import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button';
import { useCurrentUser, useLogout } from '../../features/auth';
import type { HeaderVariant } from './header-variant';
import { Logo } from './logo';

const SECTION_LINKS = [
  { label: 'How it works', to: '/#how-it-works' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'FAQ', to: '/#faq' },
];

const navLinkClasses =
  'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-teal-500';

export function Header({ variant }: { variant: HeaderVariant }) {
  return variant === 'solid' ? <SignedInHeader /> : <PublicHeader />;
}

function SignedInHeader() {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-40 bg-slate-900 shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo tone="light" />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-3">
          <Link to="/contact" className={`${navLinkClasses} text-slate-200 hover:bg-white/10 hover:text-white`}>
            Contact us
          </Link>
          <Button variant="inverse" size="sm" onClick={() => void logout()}>
            Sign out
          </Button>
        </nav>
      </div>
    </header>
  );
}

function PublicHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const { user } = useCurrentUser();

  const enhanceListing = () => {
    setMenuOpen(false);
    // A signed-in host has no signup form to scroll to: the button's next step for them is choosing a package.
    if (user) {
      navigate('/package-selection');
    } else if (pathname === '/') {
      document.getElementById('signup-form')?.scrollIntoView({ behavior: 'smooth' });
    } else {
      navigate('/#signup-form');
    }
  };

  const links = [...SECTION_LINKS, { label: 'Contact', to: '/contact' }];

  return (
    <header className="absolute inset-x-0 top-0 z-40 bg-transparent">
      <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo tone="dark" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={`${navLinkClasses} text-slate-700 hover:bg-slate-900/5 hover:text-slate-900`}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {/* On phones the button lives in the menu; a wrapper hides it since the button sets its own display. */}
          <div className="hidden sm:block">
            <Button onClick={enhanceListing}>Enhance your listing</Button>
          </div>
          <button
            type="button"
            className={`${buttonClasses({ variant: 'ghost', size: 'sm' })} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? (
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              ) : (
                <path d="M3 6h14M3 10h14M3 14h14" strokeLinecap="round" />
              )}
            </svg>
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="mx-4 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg md:hidden"
        >
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              onClick={() => setMenuOpen(false)}
              className={`${navLinkClasses} block text-base text-slate-700 hover:bg-slate-50`}
            >
              {link.label}
            </Link>
          ))}
          <Button className="mt-2 w-full sm:hidden" onClick={enhanceListing}>
            Enhance your listing
          </Button>
        </nav>
      )}
    </header>
  );
}
