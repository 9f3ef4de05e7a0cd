import type { User } from '../features/auth';

export const signedInUser: User = {
  id: 7,
  email: 'host@example.com',
  name: 'Maria Host',
  package_type: 'standard',
  photos_remaining: 20,
  photos_processed: 0,
};
