import { Link } from 'react-router-dom';
import { ConsentBanner } from '../../features/consent';
import { openConsentManager } from '../../lib/consent';
import { PRODUCT_NAME } from '../../lib/site';
import { Logo } from './logo';

const PRODUCT_LINKS = [
  { label: 'Features', to: '/#how-it-works' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'FAQ', to: '/#faq' },
  { label: 'Testimonials', to: '/#testimonials' },
  { label: 'Contact', to: '/contact' },
];

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
];

function LinkColumn({ heading, links }: { heading: string; links: { label: string; to: string }[] }) {
  return (
    <nav aria-label={heading}>
      <h2 className="text-sm font-semibold text-white">{heading}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.to}
              className="rounded text-sm text-slate-400 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-teal-500"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo tone="light" />
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-400">
            Professional-quality listing photos from the phone in your pocket. Upload your rental&apos;s photos, our AI
            enhances them, and you download bright, bookable images within hours.
          </p>
        </div>
        <LinkColumn heading="Product" links={PRODUCT_LINKS} />
        <LinkColumn heading="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 sm:px-6 lg:px-8">
          <p className="text-sm text-slate-400">
            &copy; {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <button
            type="button"
            onClick={openConsentManager}
            className="min-h-6 rounded px-1 py-1 text-sm text-slate-400 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-teal-500"
          >
            Cookie settings
          </button>
        </div>
      </div>
      <ConsentBanner />
    </footer>
  );
}
