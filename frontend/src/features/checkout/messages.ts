/** The payment sentences of spec section 8, word for word. */
export const PAYMENT_MESSAGES = {
  failed: 'Payment failed. Please try again.',
  unexpected: 'An unexpected error occurred',
  incomplete: 'Payment incomplete. Please try again.',
  setupFailedTitle: 'Payment setup failed',
  setupFailed: 'Failed to initialize payment',
  intentFailedTitle: 'Error',
  intentFailed: 'Failed to create payment intent',
  unconfirmedTitle: 'Payment successful',
  unconfirmed: (packageType: string) => `Your ${packageType} package is now active.`,
  successTitle: 'Purchase Successful',
  success: 'Your package has been activated. You can now upload your photos.',
} as const;
