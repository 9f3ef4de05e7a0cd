import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PRODUCT_NAME } from '../../lib/site';

export function NotFoundRoute() {
  return (
    <section className="flex justify-center px-4 py-20">
      <title>{`Page not found | ${PRODUCT_NAME}`}</title>
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8 text-red-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v6m0 3h.01" strokeLinecap="round" />
          </svg>
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
          Return to Homepage
        </Link>
      </Card>
    </section>
  );
}
