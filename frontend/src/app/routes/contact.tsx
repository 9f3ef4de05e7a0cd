import { Card } from '../../components/ui/card';
import { useCurrentUser } from '../../features/auth';
import { ContactForm } from '../../features/contact';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/site';

const FACTS = [
  { title: 'Email', text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
  { title: 'Response time', text: 'We answer within one business day.' },
  { title: 'Satisfaction guarantee', text: 'Not happy with your photos? Tell us within 7 days of receiving them.' },
];

/** Contact (spec section 2): the same form for everyone, a fuller page for visitors, a compact one for hosts. */
export function ContactRoute() {
  const { user } = useCurrentUser();
  const defaults = { name: user?.name ?? '', email: user?.email ?? '' };

  if (user) {
    return (
      <section className="bg-slate-50 px-4 py-12 sm:px-6 lg:py-16">
        <title>{`Contact us | ${PRODUCT_NAME}`}</title>
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact us</h1>
          <p className="mt-2 text-slate-600">
            Questions about an order or your photos? Send us a message and we&apos;ll reply to {user.email}.
          </p>
          <Card className="mt-8 p-6 sm:p-8">
            <ContactForm defaults={defaults} />
          </Card>
        </div>
      </section>
    );
  }

  return (
    <section className="-mt-20 bg-gradient-to-b from-teal-50 via-white to-white px-4 pt-32 pb-12 sm:px-6 lg:pt-40 lg:pb-20">
      <title>{`Contact us | ${PRODUCT_NAME}`}</title>
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_1.6fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Support</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">Contact us</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Have a question about packages, your photos or your account? We&apos;re happy to help.
          </p>
          <dl className="mt-8 space-y-6">
            {FACTS.map((fact) => (
              <div key={fact.title}>
                <dt className="text-sm font-semibold text-slate-900">{fact.title}</dt>
                <dd className="mt-1 text-slate-600">
                  {fact.href ? (
                    <a href={fact.href} className="font-medium text-teal-700 underline hover:text-teal-800">
                      {fact.text}
                    </a>
                  ) : (
                    fact.text
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <Card className="p-6 shadow-lg shadow-slate-900/5 sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
          <div className="mt-6">
            <ContactForm defaults={defaults} />
          </div>
        </Card>
      </div>
    </section>
  );
}
