import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ACCEPT_ALL, closeConsentManager, REJECT_ALL, saveConsent, useConsent } from '../../../lib/consent';
import { ConsentPreferences } from './consent-preferences';

/** Asks once per browser (and again from 'Cookie settings'); nothing optional runs before a choice is made. */
export function ConsentBanner() {
  const { consent, managerOpen } = useConsent();
  const [customizing, setCustomizing] = useState(false);
  if (consent && !managerOpen) return null;
  const showPreferences = customizing || managerOpen;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/20 sm:inset-x-6 sm:p-6"
    >
      <h2 className="text-base font-semibold text-slate-900">We value your privacy</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        We use essential cookies to run the site and, with your consent, performance, analytics and advertising cookies.
        See our{' '}
        <Link to="/cookie-policy" className="font-medium text-teal-700 underline">
          Cookie Policy
        </Link>
        .
      </p>
      {showPreferences ? (
        <div className="mt-4 max-h-[50vh] overflow-y-auto">
          <ConsentPreferences initial={consent} onSaved={() => setCustomizing(false)} />
          {managerOpen && consent && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={closeConsentManager}>
              Close
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => saveConsent(ACCEPT_ALL)}>Accept all</Button>
          <Button variant="secondary" onClick={() => saveConsent(REJECT_ALL)}>
            Reject non-essential
          </Button>
          <Button variant="ghost" onClick={() => setCustomizing(true)}>
            Customize
          </Button>
        </div>
      )}
    </section>
  );
}
