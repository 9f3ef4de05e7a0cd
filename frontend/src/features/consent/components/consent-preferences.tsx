import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  CONSENT_CATEGORIES,
  type ConsentChoices,
  type OptionalCategory,
  REJECT_ALL,
  saveConsent,
} from '../../../lib/consent';

/** The four categories as switches; essential is shown on and cannot be changed. */
export function ConsentPreferences({ initial, onSaved }: { initial: ConsentChoices | null; onSaved?: () => void }) {
  const [choices, setChoices] = useState<ConsentChoices>(initial ?? REJECT_ALL);
  const baseId = useId();
  return (
    <form
      aria-label="Cookie preferences"
      onSubmit={(event) => {
        event.preventDefault();
        saveConsent(choices);
        onSaved?.();
      }}
    >
      <ul className="list-none! space-y-3 pl-0!">
        {CONSENT_CATEGORIES.map((category) => {
          const id = `${baseId}-${category.id}`;
          const essential = category.id === 'essential';
          return (
            <li key={category.id} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-6 shrink-0 accent-teal-700"
                checked={essential ? true : choices[category.id as OptionalCategory]}
                disabled={essential}
                aria-describedby={`${id}-purpose`}
                onChange={(event) => setChoices((current) => ({ ...current, [category.id]: event.target.checked }))}
              />
              <span>
                <label htmlFor={id} className="text-sm font-semibold text-slate-900">
                  {category.name}
                  {essential && <span className="ml-2 text-xs font-medium text-slate-600">(always on)</span>}
                </label>
                <span id={`${id}-purpose`} className="block text-sm text-slate-600">
                  {category.purpose}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <Button type="submit" className="mt-4">
        Save preferences
      </Button>
    </form>
  );
}
