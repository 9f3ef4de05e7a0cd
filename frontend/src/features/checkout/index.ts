export { CheckoutView } from './components/checkout-view';
export { PrivacyBlurOption } from './components/privacy-blur-option';
export { createPaymentIntent, type PaymentIntent } from './api/create-payment-intent';
export { type PaymentConfig, usePaymentConfig } from './api/get-payment-config';
export { finishPurchase, type PurchaseSuccess } from './finish-purchase';
export { PAYMENT_MESSAGES } from './messages';
export { purchaseRedirect } from './safe-redirect';
