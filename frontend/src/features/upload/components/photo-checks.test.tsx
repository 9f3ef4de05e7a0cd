import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PhotoMeasurements } from '@listinglens/contracts';
import { imageFile, installObjectUrls } from '../../../test/fake-xhr';
import { PhotoUpload } from './photo-upload';

jest.mock('../../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

/** What the browser would measure of each photo (jsdom has no canvas): a clean, sharp 2048 x 1365 landscape. */
const clean: PhotoMeasurements = {
  width: 2048,
  height: 1365,
  brightness: 120,
  sharpness: 800,
  hash: '0f0f0f0f0f0f0f0f',
};
const photos: Record<string, PhotoMeasurements> = {
  'living-room.jpg': clean,
  'IMG_0042.jpg': { ...clean, hash: 'ffff0000ffff0000' },
  'small.jpg': { ...clean, width: 800, height: 600, hash: '00ff00ff00ff00ff' },
  'stairs.jpg': { ...clean, width: 1365, height: 2048, hash: 'f0f0f0f0f0f0f0f0' },
  'cellar.jpg': { ...clean, brightness: 20, hash: '3333333333333333' },
  'shaky.jpg': { ...clean, sharpness: 12, hash: 'cccccccccccccccc' },
  'IMG_0042 copy.jpg': { ...clean, hash: 'ffff0000ffff0001' },
};
// No capture time: photos the browser reads without EXIF are never grouped into brackets.
const measure = jest.fn(async (file: File) => {
  const measurements = photos[file.name];
  if (!measurements) return null;
  const { width, height, brightness, hash } = measurements;
  return { measurements, frame: { width, height, brightness, sceneHash: hash } };
});
beforeEach(() => {
  installObjectUrls();
  measure.mockClear();
});

function renderWidget(maxPhotos: number) {
  render(<PhotoUpload maxPhotos={maxPhotos} photosRemaining={maxPhotos} orderId="ord_1" measure={measure} />);
  return userEvent.setup();
}
const pick = (user: ReturnType<typeof userEvent.setup>, names: string[]) =>
  user.upload(
    screen.getByLabelText('Choose photos'),
    names.map((name) => imageFile(name)),
  );
const badges = (name: string) =>
  within(screen.getByRole('list', { name: `Checks for ${name}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('photo checks in the upload widget', () => {
  it('lists what each flagged photo may lack beside its preview, in words', async () => {
    const user = renderWidget(7);
    await pick(user, Object.keys(photos));

    expect(await screen.findByRole('list', { name: 'Checks for small.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Checks for living-room.jpg' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Checks for IMG_0042.jpg' })).not.toBeInTheDocument();
    expect(badges('small.jpg')).toEqual(['Too small for Airbnb: 800 x 600, needs 1024 x 683']);
    expect(badges('stairs.jpg')).toEqual(['Portrait: listing sites show landscape photos first']);
    expect(badges('cellar.jpg')).toEqual(['Very dark: we will brighten it, but a brighter shot looks better']);
    expect(badges('shaky.jpg')).toEqual(['Looks blurred']);
    expect(badges('IMG_0042 copy.jpg')).toEqual(['Looks like a duplicate of IMG_0042.jpg']);
  });

  it('never blocks: flagged photos still make the exact count and Upload is enabled', async () => {
    const user = renderWidget(3);
    await pick(user, ['small.jpg', 'stairs.jpg', 'shaky.jpg']);

    expect(await screen.findByRole('list', { name: 'Checks for shaky.jpg' })).toBeInTheDocument();
    expect(screen.getByText('3/3 photos selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Photos' })).toBeEnabled();
  });

  it('clears a duplicate badge when the photo it copies is removed', async () => {
    const user = renderWidget(5);
    await pick(user, ['IMG_0042.jpg', 'IMG_0042 copy.jpg']);
    expect(await screen.findByRole('list', { name: 'Checks for IMG_0042 copy.jpg' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove IMG_0042.jpg' }));

    expect(screen.queryByRole('list', { name: 'Checks for IMG_0042 copy.jpg' })).not.toBeInTheDocument();
    // Measured once each when picked, not again on every change of the selection.
    expect(measure).toHaveBeenCalledTimes(2);
  });

  it('shows no badge for a photo the browser cannot measure (the server still checks it)', async () => {
    const user = renderWidget(5);
    await pick(user, ['unknown.jpg', 'small.jpg']);
    // Both were measured: the small photo's badge shows, so the unreadable one had its turn and got none.
    expect(await screen.findByRole('list', { name: 'Checks for small.jpg' })).toBeInTheDocument();
    expect(measure).toHaveBeenCalledWith(expect.objectContaining({ name: 'unknown.jpg' }));
    expect(screen.queryByRole('list', { name: 'Checks for unknown.jpg' })).not.toBeInTheDocument();
  });
});
