import '@testing-library/jest-dom';

// jsdom does not implement scrolling; the app scrolls on every navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
// Nor pointer capture, which Radix uses for swipe-to-dismiss.
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => undefined;
Element.prototype.setPointerCapture = () => undefined;
// Nor PointerEvent; without it pointer events lose their coordinates and swipes cannot be simulated.
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventPolyfill });
}

beforeEach(() => {
  window.sessionStorage.clear();
});
