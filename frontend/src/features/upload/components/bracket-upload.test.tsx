import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BracketFrame, type PhotoMeasurements } from '@listinglens/contracts';
import { Toaster } from '../../../components/ui/toaster';
import { dismissToast } from '../../../components/ui/use-toast';
import { FakeXhr, imageFile, installFakeXhr, installObjectUrls } from '../../../test/fake-xhr';
import { type MeasuredFile } from '../measure-photo';
import { PhotoUpload } from './photo-upload';

jest.mock('../../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const T0 = Date.UTC(2025, 5, 1, 10, 0, 0);
const ROOM_HASH = '0123456789abcdef0123456789abcd';
/** Far from ROOM_HASH in every nibble: another view. */
const OTHER_HASH = 'fedcba9876543210fedcba98765432';

/**
 * What the browser would read of each file (jsdom has no canvas or EXIF reader): `kitchen-*` is a phone's auto
 * bracket (-2, 0, +2 EV, 400 ms apart), `bath-*` another one a minute later, `hall.jpg` and `porch.jpg` single shots.
 */
function read(name: string): MeasuredFile | null {
  const frame = (overrides: Partial<BracketFrame>): BracketFrame => ({
    camera: 'Google Pixel 8',
    width: 4000,
    height: 3000,
    exposureTime: 1 / 60,
    iso: 100,
    brightness: 120,
    sceneHash: ROOM_HASH,
    ...overrides,
  });
  const bracket = (start: number, index: number, hash: string) => {
    const ev = [-2, 0, 2][index];
    return frame({
      capturedAt: start + index * 400,
      exposureTime: 2 ** ev / 60,
      brightness: 120 + ev * 45,
      sceneHash: hash,
    });
  };
  const frames: Record<string, BracketFrame> = {
    'kitchen-dark.jpg': bracket(T0, 0, ROOM_HASH),
    'kitchen-mid.jpg': bracket(T0, 1, ROOM_HASH),
    'kitchen-bright.jpg': bracket(T0, 2, ROOM_HASH),
    'bath-dark.jpg': bracket(T0 + 60_000, 0, OTHER_HASH),
    'bath-mid.jpg': bracket(T0 + 60_000, 1, OTHER_HASH),
    'bath-bright.jpg': bracket(T0 + 60_000, 2, OTHER_HASH),
    'hall.jpg': frame({ capturedAt: T0 + 120_000, sceneHash: OTHER_HASH }),
    'porch.jpg': frame({ capturedAt: T0 + 180_000, sceneHash: ROOM_HASH }),
    'portrait.jpg': frame({ capturedAt: T0 + 240_000, width: 3000, height: 4000 }),
  };
  const found = frames[name];
  if (!found) return null;
  const measurements: PhotoMeasurements = {
    width: found.width,
    height: found.height,
    brightness: found.brightness,
    sharpness: 800,
    // Frames of one bracket look alike to the duplicate check; each photo's own hash keeps photos apart.
    hash: name.startsWith('kitchen') ? '0f0f0f0f0f0f0f0f' : name.startsWith('bath') ? 'f0f0f0f0f0f0f0f0' : `${name}`,
  };
  return { measurements, frame: found };
}

let restoreXhr: () => void;
beforeEach(() => {
  restoreXhr = installFakeXhr();
  installObjectUrls();
});
afterEach(() => {
  restoreXhr();
  act(() => dismissToast());
});

function renderWidget(maxPhotos: number, photosRemaining = maxPhotos) {
  render(
    <>
      <PhotoUpload
        maxPhotos={maxPhotos}
        photosRemaining={photosRemaining}
        orderId="ord_1"
        reload={jest.fn()}
        measure={async (file) => read(file.name)}
      />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const pick = (user: ReturnType<typeof userEvent.setup>, names: string[]) =>
  user.upload(
    screen.getByLabelText('Choose photos'),
    names.map((name) => imageFile(name)),
  );
const kitchen = ['kitchen-dark.jpg', 'kitchen-mid.jpg', 'kitchen-bright.jpg'];
const bath = ['bath-dark.jpg', 'bath-mid.jpg', 'bath-bright.jpg'];
const photoCards = () => within(screen.getByRole('list', { name: 'Selected photos' })).getAllByRole('listitem');
const uploadButton = () => screen.getByRole('button', { name: 'Upload Photos' });
const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));

describe('brackets in the upload widget', () => {
  it('shows a bracket as one photo with its frame count, counted as one toward the package', async () => {
    const user = renderWidget(3);
    await pick(user, [...kitchen, 'hall.jpg', 'porch.jpg']);

    expect(await screen.findByText('3 frames → 1 photo')).toBeInTheDocument();
    expect(screen.getByText('3/3 photos selected')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
    // The bracket's card shows its mid exposure, and its frames in a strip.
    const frames = within(screen.getByRole('list', { name: 'Frames of kitchen-mid.jpg' }));
    expect(frames.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(kitchen);
    // Frames of one bracket are not each other's duplicates, and its dark frame does not make the photo "very dark".
    expect(screen.queryByRole('list', { name: /^Checks for kitchen/ })).not.toBeInTheDocument();
    // The package's count is of delivered photos, and the widget says so.
    expect(screen.getByText(/a bracket\s+counts as one photo toward your 3: they count delivered photos, not files/));
  });

  it('sends each frame of a bracket after a group field naming its photo', async () => {
    const user = renderWidget(3);
    await pick(user, ['hall.jpg', ...kitchen, 'porch.jpg']);
    await screen.findByText('3 frames → 1 photo');

    await user.click(uploadButton());

    const sent = [...FakeXhr.latest().form.entries()].map(([name, value]) =>
      value instanceof File ? `${name}: ${value.name}` : `${name}=${value}`,
    );
    expect(sent).toEqual([
      'orderId=ord_1',
      'photos: hall.jpg',
      'group=photo-2',
      'photos: kitchen-dark.jpg',
      'group=photo-2',
      'photos: kitchen-mid.jpg',
      'group=photo-2',
      'photos: kitchen-bright.jpg',
      'photos: porch.jpg',
    ]);
    await FakeXhr.latest().respond(201, { photos: [], order: { id: 'ord_1', status: 'pending', photos_remaining: 0 } });
    expect(notifications().getByRole('listitem')).toHaveTextContent('Successfully uploaded 3 photo(s).');
  });

  it('takes more files than photos left when they are brackets, and refuses them when they are not', async () => {
    const user = renderWidget(2);
    // Six files for two photos: two brackets of three.
    await pick(user, [...kitchen, ...bath]);
    expect(await screen.findByText('2/2 photos selected')).toBeInTheDocument();
    expect(screen.getAllByText('3 frames → 1 photo')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove bath-mid.jpg and its 2 other frames' }));
    expect(screen.getByText('1/2 photos selected')).toBeInTheDocument();

    // Three single shots do not fit in the one photo left.
    await pick(user, ['hall.jpg', 'porch.jpg', 'portrait.jpg']);
    expect(await notifications().findByText('You can only upload up to 1 more photo(s).')).toBeInTheDocument();
    expect(screen.getByText('1/2 photos selected')).toBeInTheDocument();
  });

  it('splits a wrong group into photos of their own, which then count one each', async () => {
    const user = renderWidget(5);
    await pick(user, [...kitchen, 'hall.jpg', 'porch.jpg']);
    await screen.findByText('3 frames → 1 photo');
    expect(screen.getByText('3/5 photos selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Split kitchen-mid.jpg into 3 photos' }));

    expect(screen.queryByText('3 frames → 1 photo')).not.toBeInTheDocument();
    expect(photoCards().filter((card) => card.querySelector('img'))).toHaveLength(5);
    expect(screen.getByText('5/5 photos selected')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('joins ticked photos into one bracket by hand', async () => {
    const user = renderWidget(2);
    await pick(user, ['hall.jpg', 'porch.jpg']);
    await screen.findByText('2/2 photos selected');

    await user.click(screen.getByRole('checkbox', { name: 'Tick hall.jpg to join' }));
    expect(screen.getByText('Tick another photo to join them into one.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Tick porch.jpg to join' }));
    expect(within(screen.getByRole('group', { name: 'Join photos' })).getByText('2 frames → 1 photo'));
    await user.click(screen.getByRole('button', { name: 'Join into one photo' }));

    expect(screen.getByText('1/2 photos selected')).toBeInTheDocument();
    expect(screen.getByText('2 frames → 1 photo')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Join photos' })).not.toBeInTheDocument();

    // A split undoes it.
    await user.click(screen.getByRole('button', { name: /^Split .* into 2 photos$/ }));
    expect(screen.getByText('2/2 photos selected')).toBeInTheDocument();
  });

  it('refuses to join frames of different orientations, and more than 7 frames', async () => {
    const user = renderWidget(5);
    await pick(user, ['hall.jpg', 'portrait.jpg']);
    await screen.findByText('2/5 photos selected');

    await user.click(screen.getByRole('checkbox', { name: 'Tick hall.jpg to join' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tick portrait.jpg to join' }));
    await user.click(screen.getByRole('button', { name: 'Join into one photo' }));

    expect(
      await notifications().findByText(
        'These frames have different orientations: a bracket is one view, all landscape or all portrait.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2/5 photos selected')).toBeInTheDocument();
    act(() => dismissToast());

    // hall.jpg stays ticked: with two brackets of three and porch.jpg, eight frames.
    await user.click(screen.getByRole('checkbox', { name: 'Tick portrait.jpg to join' }));
    await pick(user, [...kitchen, ...bath, 'porch.jpg']);
    await screen.findByText('5/5 photos selected');
    for (const name of ['kitchen-mid.jpg', 'bath-mid.jpg', 'porch.jpg']) {
      await user.click(screen.getByRole('checkbox', { name: `Tick ${name} to join` }));
    }
    await user.click(screen.getByRole('button', { name: 'Join into one photo' }));
    expect(await notifications().findByText('A bracket has at most 7 frames.')).toBeInTheDocument();
    expect(screen.getByText('5/5 photos selected')).toBeInTheDocument();
  });
});
