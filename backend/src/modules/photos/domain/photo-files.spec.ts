import { enhancedDownloadName } from '../../../shared/delivery/download-name';
import { derivedKeys, frameKey, originalKey, parsePhotoFileName, sniffImageFormat } from './photo-files';
import { displayName } from './upload-limits';

describe('photo files', () => {
  const owner = { userId: 7, orderId: 'ord_abc', photoId: 42 };

  it('builds keys from ids and the detected format only', () => {
    expect(originalKey(owner, 'jpeg')).toBe('originals/7/ord_abc/42.jpg');
    expect(derivedKeys(owner)).toEqual({
      enhanced: 'enhanced/7/ord_abc/42-enhanced.jpg',
      preview: 'previews/7/ord_abc/42-preview.webp',
      thumbnail: 'thumbnails/7/ord_abc/42-thumb.webp',
      before: 'previews/7/ord_abc/42-before.webp',
    });
  });

  it('gives an adjustment its own files beside the delivered ones (the "before" stays the photo’s own)', () => {
    expect(derivedKeys(owner, 7)).toEqual({
      enhanced: 'enhanced/7/ord_abc/42-a7-enhanced.jpg',
      preview: 'previews/7/ord_abc/42-a7-preview.webp',
      thumbnail: 'thumbnails/7/ord_abc/42-a7-thumb.webp',
      before: 'previews/7/ord_abc/42-before.webp',
    });
  });

  it('gives the order harmonisation its own files too', () => {
    expect(derivedKeys(owner, 'harmonised')).toMatchObject({
      enhanced: 'enhanced/7/ord_abc/42-h-enhanced.jpg',
      thumbnail: 'thumbnails/7/ord_abc/42-h-thumb.webp',
      before: 'previews/7/ord_abc/42-before.webp',
    });
  });

  it('keeps each frame of a bracket under its own key, the reference frame served as the original', () => {
    expect(frameKey(owner, 1, 'jpeg')).toBe('originals/7/ord_abc/42-f1.jpg');
    expect(frameKey(owner, 7, 'png')).toBe('originals/7/ord_abc/42-f7.png');
    expect(parsePhotoFileName('42-f3.jpg')).toEqual({ photoId: 42, variant: 'original' });
  });

  it('maps each key’s last segment back to the photo and variant', () => {
    expect(parsePhotoFileName('42.jpg')).toEqual({ photoId: 42, variant: 'original' });
    expect(parsePhotoFileName('42-enhanced.jpg')).toEqual({ photoId: 42, variant: 'enhanced' });
    expect(parsePhotoFileName('42-preview.webp')).toEqual({ photoId: 42, variant: 'preview' });
    expect(parsePhotoFileName('42-thumb.webp')).toEqual({ photoId: 42, variant: 'thumbnail' });
    expect(parsePhotoFileName('42-before.webp')).toEqual({ photoId: 42, variant: 'before' });
    expect(parsePhotoFileName('42-a7-enhanced.jpg')).toEqual({ photoId: 42, variant: 'enhanced' });
    expect(parsePhotoFileName('42-a7-thumb.webp')).toEqual({ photoId: 42, variant: 'thumbnail' });
    expect(parsePhotoFileName('42-h-preview.webp')).toEqual({ photoId: 42, variant: 'preview' });
  });

  it.each([
    '../42.jpg',
    '42.jpg/..',
    '42.exe',
    'abc.jpg',
    '42-other.jpg',
    '42-a-enhanced.jpg',
    '42-b7-enhanced.jpg',
    '42-h7-enhanced.jpg',
    '42-h-a7-enhanced.jpg',
    '42-f8.jpg',
    '42-f0.jpg',
    '42-f2-enhanced.jpg',
    '42-h-f2.jpg',
    '',
    '%2e%2e%2f42.jpg',
  ])('refuses %j', (name) => {
    expect(parsePhotoFileName(name)).toBeUndefined();
  });

  it('detects formats from the bytes, not the name', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('\x00\x00\x00\x18ftypheic', 'latin1'))).toBe('heic');
    expect(sniffImageFormat(Buffer.from('hello, I am a text file'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('makes safe display and download names', () => {
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('C:\\Users\\me\\IMG_1.jpg')).toBe('IMG_1.jpg');
    expect(enhancedDownloadName('IMG_0042.HEIC', 42)).toBe('IMG_0042-enhanced.jpg');
    expect(enhancedDownloadName('"evil"\r\n.jpg', 3)).toBe('evil-enhanced.jpg');
    expect(enhancedDownloadName(null, 9)).toBe('enhanced-photo-9.jpg');
    expect(enhancedDownloadName('Küche.jpg', 5)).toBe('Küche-enhanced.jpg');
    expect(enhancedDownloadName('Ванная комната.png', 6)).toBe('Ванная комната-enhanced.jpg');
  });
});
