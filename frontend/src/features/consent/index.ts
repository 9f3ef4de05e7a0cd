export { ConsentBanner } from './components/consent-banner';
export { ConsentPreferences } from './components/consent-preferences';
