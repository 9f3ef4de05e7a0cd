export { BeforeAfterGallery } from './components/before-after-gallery';
export { BookingBoost } from './components/booking-boost';
export { ClosingCta } from './components/closing-cta';
export { Faq } from './components/faq';
export { Hero } from './components/hero';
export { HowItWorks } from './components/how-it-works';
export { Pricing } from './components/pricing';
export { Testimonials } from './components/testimonials';
