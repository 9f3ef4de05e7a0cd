import { useNavigate } from 'react-router-dom';
import { getPackage, type PackageType } from '@listinglens/contracts';
import { useCurrentUser } from '../../auth';
import { track } from '../../../lib/analytics';
import { SECTION_IDS, SIGNUP_SCROLL_DELAY_MS, scrollToSection } from '../scroll';

/**
 * Picking a package (spec section 2): signed in, straight to checkout for it; signed out, back to the landing page
 * and, 100 ms later (once it has rendered), down to the signup form.
 */
export function usePickPackage(): (type: PackageType) => void {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return (type) => {
    const pkg = getPackage(type);
    track('Package Select', {
      packageId: pkg.id,
      packageName: pkg.name,
      packagePrice: pkg.price,
      revenue: pkg.price / 100,
    });
    if (user) {
      navigate(`/package-selection?package=${pkg.id}`);
      return;
    }
    navigate('/');
    setTimeout(() => scrollToSection(SECTION_IDS.signup), SIGNUP_SCROLL_DELAY_MS);
  };
}
