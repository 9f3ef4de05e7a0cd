import type { PackageType } from '@listinglens/contracts';

/** The signed-in user as `GET /api/auth/me` returns it (spec section 3, User). */
export interface User {
  id: number;
  email: string;
  name: string | null;
  package_type: PackageType | null;
  photos_remaining: number;
  photos_processed: number;
  signup_date?: string;
  /** False for accounts not yet linked to their sign-in identity: the account-repair banner offers the fix. */
  has_external_auth_id?: boolean;
  has_google?: boolean;
}

/** The answer of every sign-in call (verify, Google): spec section 3, "Verify response". */
export interface SignInResult {
  user: User;
  hasOrders: boolean;
  isNewUser?: boolean;
  /** Google sign-in only: the same-origin path the sign-in was started with (`/api/auth/google?returnTo=`). */
  returnTo?: string;
}
