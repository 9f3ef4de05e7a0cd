import { dispositionFileName, pathFileName, photoFileUrl } from './file-name';

describe('file names', () => {
  it('takes the last segment of a path', () => {
    expect(pathFileName('uploads/7/ord_1/kitchen.jpg')).toBe('kitchen.jpg');
    expect(pathFileName('kitchen.jpg')).toBe('kitchen.jpg');
    expect(pathFileName(null)).toBe('');
    expect(pathFileName(undefined)).toBe('');
  });

  it('builds the file URL from the name only', () => {
    expect(photoFileUrl('thumbs/7/a b.jpg')).toBe('/api/photos/file/a%20b.jpg');
    expect(photoFileUrl(null)).toBeNull();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(dispositionFileName('attachment; filename="enhanced-kitchen.jpg"')).toBe('enhanced-kitchen.jpg');
    expect(dispositionFileName('attachment; filename=plain.jpg')).toBe('plain.jpg');
    expect(dispositionFileName(`attachment; filename="x.jpg"; filename*=UTF-8''caf%C3%A9.jpg`)).toBe('café.jpg');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
