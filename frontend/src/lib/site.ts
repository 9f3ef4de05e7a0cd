export const PRODUCT_NAME = 'ListingLens';

/** Matches the server's default SUPPORT_EMAIL (backend/src/config/app-config.ts). */
export const SUPPORT_EMAIL = 'support@listinglens.local';
