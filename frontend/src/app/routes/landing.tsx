import { useCurrentUser } from '../../features/auth';
import {
  BeforeAfterGallery,
  BookingBoost,
  ClosingCta,
  Faq,
  Hero,
  HowItWorks,
  Pricing,
  Testimonials,
} from '../../features/landing';
import { PRODUCT_NAME } from '../../lib/site';

export const LANDING_TITLE = `${PRODUCT_NAME} | Professional listing photos for vacation rentals`;
export const LANDING_DESCRIPTION =
  'Turn phone photos of your rental into professional listing photos, enhanced by AI and delivered within 3 hours. One-time packages from $29.';

/** The landing page, its eight sections in the spec's order (section 2). */
export function LandingRoute() {
  const { user, isLoading } = useCurrentUser();
  // While the first "who is signed in?" answer is pending, show neither the signup form nor 'Choose a Package'.
  const visitor = user ? 'signed-in' : isLoading ? 'unknown' : 'signed-out';
  return (
    <>
      <title>{LANDING_TITLE}</title>
      <meta name="description" content={LANDING_DESCRIPTION} />
      <Hero signedIn={visitor !== 'signed-out'} />
      <HowItWorks />
      <Testimonials />
      <BeforeAfterGallery />
      <BookingBoost />
      <Pricing />
      <Faq />
      <ClosingCta visitor={visitor} />
    </>
  );
}
