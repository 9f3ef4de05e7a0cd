import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

export const DEFAULT_AUTH_ERROR = 'An unknown authentication error occurred';

export function AuthErrorRoute() {
  const [params] = useSearchParams();
  const message = params.get('message') || DEFAULT_AUTH_ERROR;

  return (
    <section className="flex justify-center px-4 py-20">
      <title>{`Authentication Error | ${PRODUCT_NAME}`}</title>
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 8v5m0 3h.01M10.3 3.9L2.4 17.5A2 2 0 004.1 20.5h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" />
          </svg>
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Authentication Error</h1>
        <p role="alert" className="mt-3 text-slate-600">
          {message}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/" className={buttonClasses()}>
            Return to Homepage
          </Link>
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Authentication problem')}`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Contact Support
          </a>
        </div>
      </Card>
    </section>
  );
}
