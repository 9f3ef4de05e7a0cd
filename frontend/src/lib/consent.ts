import { useSyncExternalStore } from 'react';

/**
 * The cookie consent manager's memory (spec section 2, Policy pages): four categories, essential always on, the
 * choice kept in this browser's local storage. It lives in lib/ because analytics (lib/analytics.ts) reads it before
 * sending anything and lib/ imports no feature; the banner and the preferences form are features/consent.
 */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
export const CONSENT_VERSION = 1;

export type OptionalCategory = 'performance' | 'analytics' | 'advertising';
export type ConsentCategory = 'essential' | OptionalCategory;

export interface ConsentChoices {
  performance: boolean;
  analytics: boolean;
  advertising: boolean;
}

export interface ConsentState extends ConsentChoices {
  essential: true;
  version: number;
  decidedAt: string;
}

export const CONSENT_CATEGORIES: readonly { id: ConsentCategory; name: string; purpose: string }[] = [
  {
    id: 'essential',
    name: 'Essential',
    purpose: 'Keep you signed in, protect forms against forgery and complete payments. These cannot be switched off.',
  },
  { id: 'performance', name: 'Performance', purpose: 'Tell us how quickly pages load and where errors happen.' },
  { id: 'analytics', name: 'Analytics', purpose: 'Show which features are used, so we can improve the product.' },
  { id: 'advertising', name: 'Advertising', purpose: 'Measure whether our advertising reaches hosts who need it.' },
];

const listeners = new Set<() => void>();
let managerOpen = false;
let cached: { raw: string | null; state: ConsentState | null } = { raw: null, state: null };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function notify() {
  listeners.forEach((listener) => listener());
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, or null while the visitor has not decided (or decided under an older version). */
export function getConsent(): ConsentState | null {
  const raw = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null;
  if (raw === cached.raw) return cached.state;
  let state: ConsentState | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<ConsentState>) : null;
    if (parsed && parsed.version === CONSENT_VERSION) {
      state = {
        essential: true,
        performance: parsed.performance === true,
        analytics: parsed.analytics === true,
        advertising: parsed.advertising === true,
        version: CONSENT_VERSION,
        decidedAt: String(parsed.decidedAt ?? ''),
      };
    }
  } catch {
    state = null;
  }
  cached = { raw, state };
  return state;
}

export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'essential') return true;
  return getConsent()?.[category] ?? false;
}

export function saveConsent(choices: ConsentChoices): void {
  const state: ConsentState = {
    essential: true,
    ...choices,
    version: CONSENT_VERSION,
    decidedAt: new Date().toISOString(),
  };
  storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(state));
  managerOpen = false;
  notify();
}

export const ACCEPT_ALL: ConsentChoices = { performance: true, analytics: true, advertising: true };
export const REJECT_ALL: ConsentChoices = { performance: false, analytics: false, advertising: false };

/** Reopens the manager (footer 'Cookie settings', cookie policy page). */
export function openConsentManager(): void {
  managerOpen = true;
  notify();
}

export function closeConsentManager(): void {
  managerOpen = false;
  notify();
}

export function useConsent(): { consent: ConsentState | null; managerOpen: boolean } {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, () => null);
  const open = useSyncExternalStore(
    subscribeConsent,
    () => managerOpen,
    () => false,
  );
  return { consent, managerOpen: open };
}

/** Test helper: forget the choice and close the manager. */
export function resetConsentForTests(): void {
  storage()?.removeItem(CONSENT_STORAGE_KEY);
  managerOpen = false;
  notify();
}
