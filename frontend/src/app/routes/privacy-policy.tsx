import { Link } from 'react-router-dom';
import { PolicyLayout, PolicySection } from '../../features/legal';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

export function PrivacyPolicyRoute() {
  return (
    <PolicyLayout title="Privacy Policy">
      <p>
        This policy explains what information {PRODUCT_NAME} collects when you use our photo enhancement service, why we
        collect it, and the choices you have.
      </p>

      <PolicySection heading="Information we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your name and email address, received when you sign in with Google or with
            an emailed login link.
          </li>
          <li>
            <strong>Photos:</strong> the property photos you upload and the enhanced versions we produce.
          </li>
          <li>
            <strong>Purchase records:</strong> the package you bought, the amount and the date. Card details are entered
            with our payment provider and never reach our servers.
          </li>
          <li>
            <strong>Usage data:</strong> pages visited and actions taken in the product, used to understand and improve
            it. We collect it only if you allow analytics cookies in our cookie consent manager, and we do not record
            your IP address with it.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form (name, email, subject and message),
            kept so we can answer and follow up.
          </li>
        </ul>
      </PolicySection>

      <PolicySection heading="How we use your photos">
        <p>
          Your photos are processed for one purpose: providing the AI enhancement service you purchased. We do not sell
          your photos, publish them, or use them in marketing without your written permission. Enhanced photos and the
          originals are deleted automatically 90 days after your order is completed.
        </p>
      </PolicySection>

      <PolicySection heading="How we use your information">
        <ul>
          <li>To create and secure your account and keep you signed in.</li>
          <li>To process payments and keep the records the law requires.</li>
          <li>To email you when your photos are ready and to answer support requests.</li>
          <li>To measure how the product is used so we can improve it.</li>
        </ul>
      </PolicySection>

      <PolicySection heading="Sharing">
        <p>
          We share information only with service providers that help us run the product (hosting, storage, payments,
          email delivery and analytics), under contracts that limit their use of it to that work, or when the law
          requires it.
        </p>
      </PolicySection>

      <PolicySection heading="Children under 13">
        <p>
          The service is not directed to children under 13, and we do not knowingly collect personal information from
          them. If you believe a child has given us information, contact us and we will delete it.
        </p>
      </PolicySection>

      <PolicySection heading="Your choices and rights">
        <p>
          You can ask for a copy of your information, ask us to correct or delete it, and manage cookies as described in
          our <Link to="/cookie-policy">Cookie Policy</Link>. Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
