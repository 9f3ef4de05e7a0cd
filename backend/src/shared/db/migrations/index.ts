import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { AuthRateLimitIndexes1763856000000 } from './1763856000000-auth-rate-limit-indexes';
import { Payments1763942400000 } from './1763942400000-payments';
import { BeforePreviews1764028800000 } from './1764028800000-before-previews';
import { PhotoAdjustments1764115200000 } from './1764115200000-photo-adjustments';
import { Webhooks1764118800000 } from './1764118800000-webhooks';
import { OrderHarmonisation1764201600000 } from './1764201600000-order-harmonisation';
import { PhotoDifferenceHash1764205200000 } from './1764205200000-photo-difference-hash';
import { EmailDeliveries1764288000000 } from './1764288000000-email-deliveries';
import { ListingAdjustmentStyle1764374400000 } from './1764374400000-listing-adjustment-style';
import { PhotoRatings1764460800000 } from './1764460800000-photo-ratings';
import { OrderLook1764547200000 } from './1764547200000-order-look';
import { BracketFrames1764633600000 } from './1764633600000-bracket-frames';
import { OrderPrivacyBlur1764720000000 } from './1764720000000-order-privacy-blur';

/** Every migration, in order. Listed explicitly so the bundle needs no glob loading at run time. */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  AuthRateLimitIndexes1763856000000,
  Payments1763942400000,
  BeforePreviews1764028800000,
  PhotoAdjustments1764115200000,
  Webhooks1764118800000,
  OrderHarmonisation1764201600000,
  PhotoDifferenceHash1764205200000,
  EmailDeliveries1764288000000,
  ListingAdjustmentStyle1764374400000,
  PhotoRatings1764460800000,
  OrderLook1764547200000,
  BracketFrames1764633600000,
  OrderPrivacyBlur1764720000000,
];
