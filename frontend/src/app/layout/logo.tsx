import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../lib/site';

export function Logo({ tone }: { tone: 'light' | 'dark' }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-teal-500 ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-teal-600" />
        <circle cx="16" cy="17" r="6.5" fill="none" stroke="white" strokeWidth="2.5" />
        <rect x="9" y="7" width="6" height="3" rx="1" fill="white" />
      </svg>
      {PRODUCT_NAME}
    </Link>
  );
}
