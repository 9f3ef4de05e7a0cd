import { ConsentPreferences } from '../../features/consent';
import { CONSENT_CATEGORIES, useConsent } from '../../lib/consent';
import { PolicyLayout, PolicySection } from '../../features/legal';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

export function CookiePolicyRoute() {
  const { consent } = useConsent();
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
          {CONSENT_CATEGORIES.map((category) => (
            <li key={category.id}>
              <strong>{category.name}:</strong> {category.purpose}
            </li>
          ))}
        </ul>
      </PolicySection>

      <PolicySection heading="Your consent">
        <p>
          Our cookie consent manager lets you accept or refuse each category except essential cookies, and change your
          choice at any time. Refusing a category does not affect the service itself. Your choice is remembered in this
          browser; analytics events are sent only when the analytics category is on.
        </p>
      </PolicySection>

      <PolicySection heading="Manage your preferences">
        <p>
          {consent
            ? `Your current choice was saved on ${new Date(consent.decidedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}.`
            : 'You have not made a choice yet; until you do, only essential cookies are used.'}
        </p>
        <div className="mt-4 rounded-2xl bg-slate-50 p-4">
          <ConsentPreferences key={consent?.decidedAt ?? 'none'} initial={consent} />
        </div>
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
