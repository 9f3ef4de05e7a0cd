import type { PackageType } from '@catalogue';

/** The signed-in user as `GET /api/auth/me` returns it (spec section 3, User). */
export interface User {
  id: number;
  email: string;
  name: string | null;
  package_type: PackageType | null;
  photos_remaining: number;
  photos_processed: number;
  signup_date?: string;
}
