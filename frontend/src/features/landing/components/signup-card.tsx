import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';

/**
 * The hero's and the closing section's sign-in card (spec section 2, Landing 1). The sign-in buttons come from the
 * auth feature; until it ships its card, this one carries the spec's copy.
 */
export function SignupCard({ id, headingLevel = 2 }: { id?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div id={id} className="scroll-mt-24">
      <Card className="p-7 shadow-xl shadow-slate-900/10 sm:p-8">
        <Heading className="text-2xl font-bold tracking-tight text-slate-900">Enhance your listing photos</Heading>
        <p className="mt-2 text-slate-600">
          Transform your property photos into professional listing images in minutes.
        </p>
        <p className="mt-6 text-xs leading-5 text-slate-600">
          By signing up, you agree to our{' '}
          <Link to="/terms-of-service" className="font-medium text-teal-700 underline hover:text-teal-800">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="font-medium text-teal-700 underline hover:text-teal-800">
            Privacy Policy
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}
