import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BeforeAfterSlider } from './before-after-slider';

describe('before/after slider', () => {
  it('draws both halves in one box and moves only the divider, so they stay in line as it moves', async () => {
    const user = userEvent.setup();
    render(<BeforeAfterSlider beforeSrc="/before.webp" afterSrc="/after.webp" label="Bedroom" aspectRatio={1.5} />);
    const before = screen.getByRole('img', { name: 'Bedroom before enhancement' });
    const after = screen.getByRole('img', { name: 'Bedroom after enhancement' });
    // The engine gives both the same size and geometry; the same box and fit keep them on top of each other.
    expect(before.className).toBe(after.className);
    expect(screen.getByTestId('before-after-frame')).toHaveStyle({ aspectRatio: '1.5' });
    expect(before.style.clipPath).toBe('inset(0 50% 0 0)');

    await user.click(screen.getByRole('slider', { name: 'Bedroom: drag to compare before and after' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // The before half is clipped, never resized or moved: a photo that moved under the divider would jump.
    expect(before.style.clipPath).toBe('inset(0 60% 0 0)');
    expect(before.className).toBe(after.className);
    expect(before.getAttribute('style')).toBe('clip-path: inset(0 60% 0 0);');
  });
});
