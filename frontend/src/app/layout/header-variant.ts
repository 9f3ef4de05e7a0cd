import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../features/auth';

export type HeaderVariant = 'solid' | 'transparent';

/** Screens of the signed-in journey, which get the solid dark bar (spec section 2, Header). */
const SOLID_HEADER_PATHS = ['/dashboard', '/dashboard/api-keys', '/order', '/package-selection'];

export function useHeaderVariant(): HeaderVariant {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const solid = SOLID_HEADER_PATHS.includes(pathname) || (pathname === '/contact' && user !== null);
  return solid ? 'solid' : 'transparent';
}
