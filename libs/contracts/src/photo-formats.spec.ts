import { acceptedFormatList, PHOTO_FORMAT_NAMES, unsupportedFormatMessage } from './photo-formats';

describe('accepted photo formats', () => {
  it('names every format an upload takes, iPhone HEIC included', () => {
    expect(Object.keys(PHOTO_FORMAT_NAMES)).toEqual(['jpeg', 'png', 'webp', 'heic']);
    expect(acceptedFormatList('or')).toBe('JPG, PNG, WEBP or HEIC');
    expect(acceptedFormatList('and')).toBe('JPG, PNG, WEBP and HEIC');
  });

  it('tells a host which file was refused and what would be taken', () => {
    expect(unsupportedFormatMessage('beach.gif')).toBe('beach.gif is not a JPG, PNG, WEBP or HEIC image.');
  });
});
