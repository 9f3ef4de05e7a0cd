import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('allows max hits per window per key, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter(2, 60_000, () => now);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(60);
    expect(limiter.hit('b')).toBe(0);
    now += 45_000;
    expect(limiter.hit('a')).toBe(15);
    now += 15_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('never asks to wait less than a second', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1, 1000, () => now);
    limiter.hit('a');
    now = 999;
    expect(limiter.hit('a')).toBe(1);
  });
});
