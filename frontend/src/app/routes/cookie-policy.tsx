import { PolicyLayout, PolicySection } from '../../features/legal/components/policy-layout';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

const COOKIE_CATEGORIES = [
  {
    name: 'Essential',
    purpose: 'Keep you signed in, protect forms against forgery and complete payments. These cannot be switched off.',
  },
  { name: 'Performance', purpose: 'Tell us how quickly pages load and where errors happen, so we can fix them.' },
  { name: 'Analytics', purpose: 'Show which features are used, so we can improve the product.' },
  { name: 'Advertising', purpose: 'Measure whether our advertising reaches hosts who find the service useful.' },
];

export function CookiePolicyRoute() {
  return (
    <PolicyLayout title="Cookie Policy">
      <p>
        This policy explains how {PRODUCT_NAME} uses cookies and similar technologies such as local and session storage.
      </p>

      <PolicySection heading="What cookies are">
        <p>
          Cookies are small files a website stores in your browser. They let the site remember you between pages and
          visits.
        </p>
      </PolicySection>

      <PolicySection heading="Categories we use">
        <ul>
          {COOKIE_CATEGORIES.map((category) => (
            <li key={category.name}>
              <strong>{category.name}:</strong> {category.purpose}
            </li>
          ))}
        </ul>
      </PolicySection>

      <PolicySection heading="Your consent">
        <p>
          Our cookie consent manager lets you accept or refuse each category except essential cookies, and change your
          choice at any time. Refusing a category does not affect the service itself.
        </p>
      </PolicySection>

      <PolicySection heading="Managing cookies in your browser">
        <p>
          You can also block or delete cookies in your browser settings. Blocking essential cookies will sign you out
          and prevent purchases.
        </p>
      </PolicySection>

      <PolicySection heading="Contact">
        <p>
          Questions about cookies: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
