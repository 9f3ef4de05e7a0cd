import '@testing-library/jest-dom';

// jsdom does not implement scrolling; the app scrolls on every navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

beforeEach(() => {
  window.sessionStorage.clear();
});
