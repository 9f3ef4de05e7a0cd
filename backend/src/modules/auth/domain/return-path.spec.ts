import { isSafeReturnPath } from './return-path';

describe('isSafeReturnPath', () => {
  it.each(['/dashboard', '/order?order=abc', '/package-selection?package=basic#top'])('accepts %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
  ])('refuses %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });
});
