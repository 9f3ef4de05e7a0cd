import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { unsupportedFormatMessage } from '@listinglens/contracts';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { dismissToast } from '../../../components/ui/use-toast';
import { track } from '../../../lib/analytics';
import { uploadBlocker } from '../selection';
import { FakeXhr, imageFile, installFakeXhr, installObjectUrls } from '../../../test/fake-xhr';
import { PhotoUpload, type PhotoUploadProps } from './photo-upload';

jest.mock('../../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

let restoreXhr: () => void;
beforeEach(() => {
  restoreXhr = installFakeXhr();
  installObjectUrls();
  jest.mocked(track).mockClear();
});
afterEach(() => {
  restoreXhr();
  act(() => dismissToast());
});

function renderWidget(props: Partial<PhotoUploadProps> = {}) {
  const reload = jest.fn();
  const onComplete = jest.fn();
  // applyAccept off: the widget itself must ignore non-images, whatever the browser's picker lets through.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <>
      <PhotoUpload
        maxPhotos={5}
        photosRemaining={5}
        orderId="ord_1"
        reload={reload}
        onComplete={onComplete}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { user, reload, onComplete };
}

const photos = (n: number, prefix = 'room') => Array.from({ length: n }, (_, i) => imageFile(`${prefix}-${i + 1}.jpg`));
const input = () => screen.getByLabelText('Choose photos');
const uploadButton = () => screen.getByRole('button', { name: 'Upload Photos' });
const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));
const drop = (files: File[]) => fireEvent.drop(screen.getByTestId('upload-drop-zone'), { dataTransfer: { files } });
/** More files than photos left are read before they are taken or refused: they may be brackets. */
const dropAndRead = (files: File[]) => act(async () => drop(files));

async function selectAll(user: ReturnType<typeof userEvent.setup>, files = photos(5)) {
  await user.upload(input(), files);
}

describe('upload widget', () => {
  it('starts empty: counter, what is still needed, disabled Upload and the format hint', () => {
    renderWidget();

    expect(screen.getByText('0/5 photos selected')).toBeInTheDocument();
    expect(screen.getByText('(5 more needed)')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    expect(screen.getByText('Drag and drop your photos here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'browse your files' })).toBeEnabled();
    expect(screen.getByText('Supported formats: JPG, PNG, WEBP. Max size: 10MB per file.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a preview per photo with its name cut at 20 characters, a remove button and an Add More tile', async () => {
    const { user } = renderWidget();

    await user.upload(input(), [
      imageFile('exactly-twenty-c.jpg'),
      imageFile('a-much-longer-living-room-photo.png', 'image/png'),
    ]);

    const list = within(screen.getByRole('list', { name: 'Selected photos' }));
    expect(list.getAllByRole('img')).toHaveLength(2);
    expect(list.getByText('exactly-twenty-c.jpg')).toBeInTheDocument();
    expect(list.getByText('a-much-longer-liv...')).toBeInTheDocument();
    expect(list.getByText('a-much-longer-liv...')).toHaveAttribute('title', 'a-much-longer-living-room-photo.png');
    expect(screen.getByText('2/5 photos selected')).toBeInTheDocument();
    expect(screen.getByText('(3 more needed)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add More' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove exactly-twenty-c.jpg' }));
    expect(screen.getByText('1/5 photos selected')).toBeInTheDocument();
    expect(screen.getByText('(4 more needed)')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it("'browse your files' and 'Add More' open the file picker", async () => {
    const { user } = renderWidget();
    const pick = jest.spyOn(input() as HTMLInputElement, 'click').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: 'browse your files' }));
    expect(pick).toHaveBeenCalledTimes(1);

    await user.upload(input(), photos(1));
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    expect(pick).toHaveBeenCalledTimes(2);
  });

  it('enables Upload only at exactly the package photo count', async () => {
    const { user } = renderWidget();

    await user.upload(input(), photos(4));
    expect(uploadButton()).toBeDisabled();

    await user.upload(input(), [imageFile('last.jpg')]);
    expect(screen.getByText('5/5 photos selected')).toBeInTheDocument();
    expect(screen.queryByText(/more needed/)).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
    // The slot limit is reached: no Add More tile.
    expect(screen.queryByRole('button', { name: 'Add More' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove last.jpg' }));
    expect(uploadButton()).toBeDisabled();
  });

  it('takes dropped images and silently ignores anything that is not an image', () => {
    renderWidget();

    drop([
      imageFile('kitchen.jpg'),
      new File(['%PDF'], 'floorplan.pdf', { type: 'application/pdf' }),
      imageFile('bath.webp', 'image/webp'),
    ]);

    expect(screen.getByText('2/5 photos selected')).toBeInTheDocument();
    expect(screen.queryByText('floorplan.pdf')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /floorplan/ })).not.toBeInTheDocument();
    expect(notifications().queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('refuses more photos than the slots left, with the spec message', async () => {
    const { user } = renderWidget();

    await dropAndRead(photos(6));
    expect(await notifications().findByText('You can only upload up to 5 more photo(s).')).toBeInTheDocument();
    expect(screen.getByText('0/5 photos selected')).toBeInTheDocument();

    await user.upload(input(), photos(3));
    await dropAndRead(photos(3, 'extra'));
    expect(await notifications().findByText('You can only upload up to 2 more photo(s).')).toBeInTheDocument();
    expect(screen.getByText('3/5 photos selected')).toBeInTheDocument();
  });

  it('never lets the selection pass the photos the order can still take', async () => {
    renderWidget({ maxPhotos: 5, photosRemaining: 2 });

    await dropAndRead(photos(3));

    expect(notifications().getByText('You can only upload up to 2 more photo(s).')).toBeInTheDocument();
  });

  it('ignores drops once the slot limit is reached', async () => {
    const { user } = renderWidget();
    await selectAll(user);
    act(() => dismissToast());

    drop([imageFile('one-more.jpg')]);

    expect(screen.getByText('5/5 photos selected')).toBeInTheDocument();
    expect(screen.queryByText('one-more.jpg')).not.toBeInTheDocument();
    expect(notifications().queryByText(/You can only upload/)).not.toBeInTheDocument();
  });

  it('sends orderId and the photos over XHR with credentials, and shows progress 0-100', async () => {
    const { user } = renderWidget();
    await selectAll(user);

    await user.click(uploadButton());

    const xhr = FakeXhr.latest();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(xhr.form.get('orderId')).toBe('ord_1');
    expect(xhr.form.getAll('photos').map((f) => (f as File).name)).toEqual([
      'room-1.jpg',
      'room-2.jpg',
      'room-3.jpg',
      'room-4.jpg',
      'room-5.jpg',
    ]);
    expect(track).toHaveBeenCalledWith('Photo Upload Start', { orderId: 'ord_1', numPhotos: 5 });

    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    xhr.progress(512, 1024);
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();

    xhr.progress(1024, 1024);
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('ignores drops while uploading', async () => {
    const { user } = renderWidget();
    await user.upload(input(), photos(5));
    await user.click(uploadButton());
    // Remove buttons are gone while the upload runs.
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    drop([imageFile('late.jpg')]);

    expect(screen.getByText('5/5 photos selected')).toBeInTheDocument();
    expect(screen.queryByText('late.jpg')).not.toBeInTheDocument();
  });

  it("on success toasts 'Upload complete', reports it and reloads the page 1 second later", async () => {
    const { user, reload, onComplete } = renderWidget();
    await selectAll(user);
    await user.click(uploadButton());

    jest.useFakeTimers();
    try {
      const answer = {
        photos: [],
        order: { id: 'ord_1', status: 'pending', photos_remaining: 0 },
      };
      await FakeXhr.latest().respond(201, answer);

      const toast = notifications().getByRole('listitem');
      expect(toast).toHaveTextContent('Upload complete');
      expect(toast).toHaveTextContent('Successfully uploaded 5 photo(s).');
      expect(screen.getByText('100%')).toBeInTheDocument();
      expect(screen.getByText('Photos uploaded successfully')).toBeInTheDocument();
      expect(onComplete).toHaveBeenCalledWith(answer);
      expect(track).toHaveBeenCalledWith('Photo Upload Complete', {
        orderId: 'ord_1',
        numPhotos: 5,
        remainingPhotos: 0,
        orderComplete: true,
      });

      act(() => jest.advanceTimersByTime(999));
      expect(reload).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    [
      'the server message',
      409,
      { statusCode: 409, message: 'You can only upload up to 2 more photo(s).' },
      'Conflict',
      'You can only upload up to 2 more photo(s).',
    ],
    [
      'an error field',
      415,
      { error: unsupportedFormatMessage('beach.gif') },
      'Unsupported Media Type',
      'beach.gif is not a JPG, PNG, WEBP or HEIC image.',
    ],
    [
      'the restart notice of a server shutting down (the selection stays for the upload again)',
      503,
      { statusCode: 503, code: 'RESTARTING', message: 'The service is restarting; please upload again' },
      'Service Unavailable',
      'The service is restarting; please upload again',
    ],
    [
      'the status line when the body has no reason',
      502,
      '<html>Bad gateway</html>',
      'Bad Gateway',
      'HTTP error 502: Bad Gateway',
    ],
  ])("toasts 'Upload failed' with %s", async (_case, status, body, statusText, message) => {
    const { user, reload } = renderWidget();
    await selectAll(user);
    await user.click(uploadButton());

    await FakeXhr.latest().respond(status, body, statusText);

    const toast = notifications().getByRole('listitem');
    expect(toast).toHaveTextContent('Upload failed');
    expect(toast).toHaveTextContent(message);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    // The selection stays, so the host can try again.
    expect(uploadButton()).toBeEnabled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("says 'Network error' when the connection fails and 'Upload aborted' when the upload is cancelled", async () => {
    const { user } = renderWidget();
    await selectAll(user);

    await user.click(uploadButton());
    await FakeXhr.latest().failNetwork();
    expect(notifications().getByRole('listitem')).toHaveTextContent('Upload failedNetwork error');

    await user.click(uploadButton());
    await FakeXhr.latest().abort();
    expect(notifications().getByRole('listitem')).toHaveTextContent('Upload failedUpload aborted');
  });

  it("refuses to start without files: 'No files selected'", () => {
    expect(uploadBlocker(0)).toEqual({
      title: 'No files selected',
      description: 'Please select at least one file to upload.',
    });
    expect(uploadBlocker(3)).toBeNull();
  });
});
