import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { SignInCard } from '../../auth';

/** Section 8: a way into the product that fits the visitor's state. */
export function ClosingCta({ visitor }: { visitor: 'signed-in' | 'signed-out' | 'unknown' }) {
  const signedIn = visitor !== 'signed-out';
  return (
    <section
      aria-labelledby="cta-heading"
      className="bg-gradient-to-b from-white to-teal-50 px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className={`mx-auto grid max-w-6xl items-center gap-12 ${signedIn ? '' : 'lg:grid-cols-2'}`}>
        <div className={signedIn ? 'text-center' : ''}>
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Ready to make your listing stand out?
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Join hosts who turned their phone photos into listing photos that book. One-time packages from $29.
          </p>
          {visitor === 'signed-in' && (
            <Link to="/package-selection" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
              Choose a Package
            </Link>
          )}
        </div>
        {!signedIn && <SignInCard id="get-started" headingLevel={3} />}
      </div>
    </section>
  );
}
