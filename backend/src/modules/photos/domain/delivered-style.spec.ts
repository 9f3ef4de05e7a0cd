import { deliveredStyle } from './delivered-style';

describe('deliveredStyle', () => {
  it("names the style the host asked for in an adjustment, whichever rendering made it and whatever the order's look", () => {
    expect(deliveredStyle({ pipeline: 'listing', corrections: { adjustments: { style: 'warm' } } })).toBe('warm');
    expect(
      deliveredStyle({
        pipeline: 'learned',
        corrections: { adjustments: { style: 'bright-airy' }, orderLook: { style: 'warm' } },
      }),
    ).toBe('bright-airy');
  });

  it("names the order's look for a photo the host did not adjust", () => {
    expect(deliveredStyle({ pipeline: 'listing', corrections: { orderLook: { style: 'warm', applied: true } } })).toBe(
      'warm',
    );
  });

  it('names the delivered rendering as the panel does when neither says more', () => {
    expect(deliveredStyle({ pipeline: 'listing', corrections: {} })).toBe('listing');
    expect(deliveredStyle({ pipeline: 'learned' })).toBe('natural');
  });

  it('says nothing for reports that name none of these (older engines, odd values)', () => {
    expect(deliveredStyle(null)).toBeNull();
    expect(deliveredStyle({ pipeline: 'classic' })).toBeNull();
    expect(deliveredStyle({ pipeline: 'listing', corrections: { adjustments: { style: 'sepia' } } })).toBe('listing');
  });
});
