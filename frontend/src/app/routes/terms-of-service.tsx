import { PolicyLayout, PolicySection } from '../../features/legal';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

export function TermsOfServiceRoute() {
  return (
    <PolicyLayout title="Terms of Service">
      <p>
        These terms govern your use of {PRODUCT_NAME}, a service that enhances photos of short-term rental and vacation
        properties. By creating an account or buying a package you agree to them.
      </p>

      <PolicySection heading="The service">
        <p>
          You upload photos of a property, our automated AI process enhances them, and you download the results from
          your dashboard. Delivery times shown on the site are estimates. Results are deleted automatically 90 days
          after an order is completed, so please download what you want to keep.
        </p>
      </PolicySection>

      <PolicySection heading="Accounts">
        <p>
          You are responsible for activity under your account and for keeping access to your email and sign-in provider
          secure. Tell us promptly if you suspect unauthorised use.
        </p>
      </PolicySection>

      <PolicySection heading="Billing">
        <ul>
          <li>
            Packages are one-time purchases: you pay once for a fixed number of photo credits, with no recurring charge.
          </li>
          <li>
            If we offer a subscription plan, it renews and is billed at the start of each period until you cancel;
            cancelling stops future charges and keeps access until the end of the paid period.
          </li>
          <li>There is no free trial, because each enhancement has a real processing cost.</li>
          <li>
            If you are not satisfied, ask for a refund or a rework within 7 days of receiving your photos and we will
            make it right.
          </li>
        </ul>
      </PolicySection>

      <PolicySection heading="Your photos">
        <p>
          You keep all rights to the photos you upload and to the enhanced results. You give us the limited permission
          needed to store and process them to provide the service. You confirm that you have the right to upload them
          and that they do not show people who have not agreed to it.
        </p>
      </PolicySection>

      <PolicySection heading="Acceptable use">
        <p>
          Do not upload unlawful content, attempt to disrupt or reverse-engineer the service, or use it to mislead
          guests about a property.
        </p>
      </PolicySection>

      <PolicySection heading="Children under 13">
        <p>The service is not intended for children under 13, and they may not create an account.</p>
      </PolicySection>

      <PolicySection heading="Liability">
        <p>
          The service is provided as is. To the extent the law allows, our total liability for any claim is limited to
          the amount you paid for the order concerned.
        </p>
      </PolicySection>

      <PolicySection heading="Contact">
        <p>
          Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
