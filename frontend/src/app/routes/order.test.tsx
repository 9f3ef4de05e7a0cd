import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '../../components/ui/use-toast';
import { callsTo, fakeApi, json } from '../../test/fetch-mock';
import { currentLocation, notifications, renderApp } from '../../test/render-app';
import type { OrderDetails, OrderPhoto } from '../../features/order-details';
import { fileResponse, recordDownloadClicks } from '../../test/downloads';
import { FakeXhr, installFakeXhr, installObjectUrls } from '../../test/fake-xhr';
import { track } from '../../lib/analytics';
import { signedInUser } from '../../test/users';

jest.mock('../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const baseOrder: OrderDetails = {
  id: 'ord_1',
  status: 'new',
  package_type: 'standard',
  amount: 6900,
  photos_purchased: 20,
  photos_remaining: 20,
  created_at: '2026-11-20T10:00:00Z',
  completed_at: null,
  photos: [],
};

const enhanced = (id: number, name: string): OrderPhoto => ({
  id,
  status: 'completed',
  name,
  original_path: `originals/7/ord_1/${id}.jpg`,
  enhanced_path: `enhanced/7/ord_1/${id}.jpg`,
  thumbnail_path: `thumbnails/7/ord_1/${id}-thumb.jpg`,
  upload_date: '2026-11-20T10:05:00Z',
  process_date: '2026-11-20T12:00:00Z',
});

const uploaded = (id: number, name: string): OrderPhoto => ({
  ...enhanced(id, name),
  status: 'uploaded',
  enhanced_path: null,
  thumbnail_path: null,
  process_date: null,
});

function serve(
  order: Partial<OrderDetails> | null,
  extra: Record<string, () => Response | Promise<Response>> = {},
  user = signedInUser,
) {
  return fakeApi({
    'GET /api/auth/me': () => json(user),
    'GET /api/orders/ord_1': () =>
      order
        ? json({ ...baseOrder, ...order })
        : json({ statusCode: 404, code: 'ORDER_NOT_FOUND', message: 'Order not found' }, 404),
    ...extra,
  });
}

let restoreXhr: () => void;
beforeEach(() => {
  restoreXhr = installFakeXhr();
  installObjectUrls();
  jest.mocked(track).mockClear();
});
afterEach(() => {
  restoreXhr();
  jest.restoreAllMocks();
  act(() => dismissToast());
});

describe('order page', () => {
  it("without an order parameter says 'No Order Selected' and links to the dashboard", async () => {
    serve(baseOrder);
    const { user } = await renderApp('/order');

    expect(screen.getByRole('heading', { name: 'No Order Selected' })).toBeInTheDocument();
    expect(screen.getByText('Please select an order from your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');

    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(currentLocation()).toBe('/dashboard');
  });

  it("shows 'Loading order details...' and 'Back to Dashboard' while the order loads", async () => {
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/orders/ord_1': () => new Promise<Response>(() => undefined),
    });
    await renderApp('/order?order=ord_1');

    expect(await screen.findByText('Loading order details...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
  });

  it("says 'Order Not Found' for a missing or someone else's order, with the load-failure toast", async () => {
    serve(null);
    await renderApp('/order?order=ord_1');

    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The order you're looking for doesn't exist or you don't have permission to access it."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const toast = notifications().getByRole('listitem');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to load order details. Please try again.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  it("says 'Order Not Found' when the server cannot be reached", async () => {
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/orders/ord_1': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await renderApp('/order?order=ord_1');

    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
  });

  describe('status new', () => {
    it('asks for the package photo count with the warning, the tip, the upload card and the guidelines', async () => {
      serve({ status: 'new' });
      const { user } = await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { level: 1, name: 'Upload your 20 photos' })).toBeInTheDocument();
      expect(
        screen.getByText(/quality of the photos you upload directly affects the enhanced results/),
      ).toBeInTheDocument();
      expect(screen.getByText('0/20 photos selected')).toBeInTheDocument();
      expect(screen.getByText('(20 more needed)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload Photos' })).toBeDisabled();

      const dos = within(screen.getByRole('list', { name: 'Do' }));
      expect(dos.getByText(/Use a cellphone/)).toBeInTheDocument();
      expect(dos.getByText('Capture the entire room or feature')).toBeInTheDocument();
      expect(dos.getByText(/vertical or landscape/)).toBeInTheDocument();
      expect(dos.getByText('Include all key rooms and features')).toBeInTheDocument();
      expect(dos.getByText("Don't worry about clutter")).toBeInTheDocument();
      const donts = within(screen.getByRole('list', { name: "Don't" }));
      expect(donts.getByText('Blurry or out-of-focus images')).toBeInTheDocument();
      expect(donts.getByText('Include people')).toBeInTheDocument();

      expect(screen.getByRole('heading', { name: 'How to get the best results' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Dismiss tip' }));
      expect(screen.queryByRole('heading', { name: 'How to get the best results' })).not.toBeInTheDocument();
    });

    it("sends the order's photos and shows the server's refusal", async () => {
      serve({ status: 'new', package_type: 'basic', photos_purchased: 5, photos_remaining: 5 });
      const { user } = await renderApp('/order?order=ord_1');
      const files = Array.from({ length: 5 }, (_, i) => new File(['x'], `room-${i}.jpg`, { type: 'image/jpeg' }));

      await user.upload(await screen.findByLabelText('Choose photos'), files);
      await user.click(screen.getByRole('button', { name: 'Upload Photos' }));
      const xhr = FakeXhr.latest();
      expect(xhr.form.get('orderId')).toBe('ord_1');
      expect(xhr.form.getAll('photos')).toHaveLength(5);

      await xhr.respond(413, { statusCode: 413, code: 'FILE_TOO_LARGE', message: 'big.jpg is larger than 10MB.' });
      expect(notifications().getByRole('listitem')).toHaveTextContent('Upload failedbig.jpg is larger than 10MB.');
    });

    it('uses the photo count of the order package (basic: 5)', async () => {
      serve({ status: 'new', package_type: 'basic', photos_purchased: 5, photos_remaining: 5 });
      await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { name: 'Upload your 5 photos' })).toBeInTheDocument();
      expect(screen.getByText('0/5 photos selected')).toBeInTheDocument();
    });

    it("offers 'Purchase More Credits' instead of the upload card when the host has no credits", async () => {
      serve({ status: 'new' }, {}, { ...signedInUser, photos_remaining: 0 });
      const { user } = await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { name: 'No photo credits remaining' })).toBeInTheDocument();
      expect(screen.getByText(/You currently have 0 photo credits/)).toBeInTheDocument();
      expect(screen.queryByText(/photos selected/)).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Do' })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Purchase More Credits' }));
      expect(currentLocation()).toBe('/package-selection');
    });
  });

  describe('status pending', () => {
    it("says the photos are being enhanced; 'Refresh Status' asks again and 'Return to Dashboard' goes back", async () => {
      let status = 'pending';
      const api = fakeApi({
        'GET /api/auth/me': () => json(signedInUser),
        'GET /api/orders/ord_1': () =>
          json({ ...baseOrder, status, photos: status === 'completed' ? [enhanced(1, 'kitchen.jpg')] : [] }),
      });
      const { user } = await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { name: 'Your photos are being enhanced' })).toBeInTheDocument();
      expect(screen.getByText(/typically takes about 3 hours/)).toBeInTheDocument();
      expect(screen.getByText(/send you an email/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');

      status = 'completed';
      await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
      expect(await screen.findByRole('heading', { name: 'Your enhanced photos' })).toBeInTheDocument();
      expect(callsTo(api.fetch, '/api/orders/ord_1')).toHaveLength(2);
    });
  });

  describe('status pending, as photos finish', () => {
    it('asks again every 10 seconds and shows each photo as soon as it is enhanced', async () => {
      jest.useFakeTimers({ advanceTimers: true });
      try {
        let photos = [uploaded(1, 'kitchen.jpg'), uploaded(2, 'bedroom.jpg')];
        const api = fakeApi({
          'GET /api/auth/me': () => json(signedInUser),
          'GET /api/orders/ord_1': () => json({ ...baseOrder, status: 'pending', photos }),
        });
        await renderApp('/order?order=ord_1');
        expect(await screen.findByText('0 of 2 photos ready')).toBeInTheDocument();
        expect(screen.queryByRole('list', { name: 'Photos ready so far' })).not.toBeInTheDocument();
        const before = callsTo(api.fetch, '/api/orders/ord_1').length;

        photos = [enhanced(1, 'kitchen.jpg'), uploaded(2, 'bedroom.jpg')];
        await act(async () => {
          jest.advanceTimersByTime(10000);
        });

        expect(callsTo(api.fetch, '/api/orders/ord_1').length).toBe(before + 1);
        expect(await screen.findByText('1 of 2 photos ready')).toBeInTheDocument();
        const ready = within(screen.getByRole('list', { name: 'Photos ready so far' }));
        expect(ready.getByRole('img', { name: 'kitchen.jpg' })).toHaveAttribute('src', '/api/photos/file/1-thumb.jpg');
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('status completed', () => {
    const completedOrder: Partial<OrderDetails> = {
      status: 'completed',
      photos_remaining: 0,
      photos: [
        enhanced(1, 'kitchen.jpg'),
        enhanced(2, 'bedroom.jpg'),
        { ...enhanced(3, 'garden.jpg'), status: 'failed', enhanced_path: null },
      ],
    };

    it('lists the enhanced photos with their thumbnails, labels and downloads', async () => {
      serve(completedOrder);
      await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { name: 'Your enhanced photos' })).toBeInTheDocument();
      expect(screen.getByText('2 enhanced photos')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download All Photos' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'Open gallery' })).toHaveAttribute('href', '/gallery?order=ord_1');

      // Enhanced before originals had previews: the thumbnail, whole.
      const kitchen = within(screen.getByTestId('order-photo-1'));
      expect(kitchen.getByRole('img', { name: 'kitchen.jpg' })).toHaveAttribute('src', '/api/photos/file/1-thumb.jpg');
      expect(kitchen.getByRole('img', { name: 'kitchen.jpg' })).toHaveClass('object-contain');
      expect(kitchen.getByText('Enhanced')).toBeInTheDocument();
      expect(kitchen.getByRole('button', { name: 'Download kitchen.jpg' })).toHaveTextContent('Download');

      const garden = within(screen.getByTestId('order-photo-3'));
      expect(garden.getByText('Photo not available')).toBeInTheDocument();
      expect(garden.queryByRole('button')).not.toBeInTheDocument();
      // An order completed before harmonisation existed claims no matched look.
      expect(screen.queryByTestId('matched-look')).not.toBeInTheDocument();
    });

    it('says the photos were matched to one look when the order was harmonised', async () => {
      serve({ ...completedOrder, photos_matched: 2 });
      await renderApp('/order?order=ord_1');
      expect(await screen.findByText('Colour and brightness matched across your 2 photos')).toBeInTheDocument();
    });

    it('shows each delivered photo whole on a before/after slider, named as its download, with what was changed', async () => {
      serve({
        ...completedOrder,
        photos: [
          {
            ...enhanced(1, 'Küche.jpg'),
            preview_path: 'previews/7/ord_1/1-preview.webp',
            before_preview_path: 'previews/7/ord_1/1-before.webp',
            download_name: 'Küche-enhanced.jpg',
            width: 2000,
            height: 3000,
            changes: ['Verticals straightened by 3°', 'Noise reduced'],
          },
        ],
      });
      const { user } = await renderApp('/order?order=ord_1');

      const card = within(await screen.findByTestId('order-photo-1'));
      const slider = card.getByRole('slider', { name: 'Küche-enhanced.jpg: drag to compare before and after' });
      await user.click(slider);
      await user.keyboard('{End}');
      expect(slider).toHaveAttribute('aria-valuenow', '100');
      expect(card.getByRole('img', { name: 'Küche-enhanced.jpg before enhancement' })).toHaveAttribute(
        'src',
        '/api/photos/file/1-before.webp',
      );
      expect(card.getByTestId('before-after-frame')).toHaveStyle({ aspectRatio: String(2000 / 3000) });
      expect(card.getByText('Küche-enhanced.jpg')).toBeInTheDocument();
      expect(card.getByText('Enhanced')).toBeInTheDocument();
      expect(card.getByRole('list', { name: 'What we changed' })).toHaveTextContent(
        'Verticals straightened by 3°Noise reduced',
      );
    });

    it('after the 90-day purge: says when the photos were deleted and shows each as not available', async () => {
      const purged = (photo: OrderPhoto): OrderPhoto => ({
        ...photo,
        original_path: null,
        enhanced_path: null,
        thumbnail_path: null,
      });
      serve({
        ...completedOrder,
        purged_at: '2027-02-20T03:00:00Z',
        photos: [purged(enhanced(1, 'kitchen.jpg')), purged(enhanced(2, 'bedroom.jpg'))],
      });
      await renderApp('/order?order=ord_1');

      expect(await screen.findByText('0 enhanced photos')).toBeInTheDocument();
      expect(
        screen.getByText('Results are deleted after 90 days: these photos were deleted on February 20, 2027.'),
      ).toBeInTheDocument();
      expect(within(screen.getByTestId('order-photo-1')).getByText('Photo not available')).toBeInTheDocument();
      expect(within(screen.getByTestId('order-photo-2')).getByText('Photo not available')).toBeInTheDocument();
    });

    it("downloads one photo under the server's file name", async () => {
      const clicks = recordDownloadClicks();
      serve(completedOrder, { 'GET /api/download-photo/1': () => fileResponse('kitchen-enhanced.jpg') });
      const { user } = await renderApp('/order?order=ord_1');

      await user.click(await screen.findByRole('button', { name: 'Download kitchen.jpg' }));

      const toast = await notifications().findByRole('listitem');
      expect(toast).toHaveTextContent('Download successful');
      expect(toast).toHaveTextContent('kitchen-enhanced.jpg');
      expect(clicks).toEqual([{ href: expect.stringMatching(/^blob:/), download: 'kitchen-enhanced.jpg' }]);
      expect(track).toHaveBeenCalledWith('Photo Download', { photoId: 1, orderId: 'ord_1' });
    });

    it("falls back to 'enhanced-photo-{id}.jpg' when the server sends no file name", async () => {
      const clicks = recordDownloadClicks();
      serve(completedOrder, { 'GET /api/download-photo/2': () => fileResponse(null) });
      const { user } = await renderApp('/order?order=ord_1');

      await user.click(await screen.findByRole('button', { name: 'Download bedroom.jpg' }));

      expect(await notifications().findByText('enhanced-photo-2.jpg')).toBeInTheDocument();
      expect(clicks[0].download).toBe('enhanced-photo-2.jpg');
    });

    it("toasts 'Download failed' when the photo cannot be fetched", async () => {
      serve(completedOrder, { 'GET /api/download-photo/1': () => json({ message: 'gone' }, 500) });
      const { user } = await renderApp('/order?order=ord_1');

      await user.click(await screen.findByRole('button', { name: 'Download kitchen.jpg' }));

      const toast = await notifications().findByRole('listitem');
      expect(toast).toHaveTextContent('Download failed');
      expect(toast).toHaveTextContent('Failed to download the photo. Please try again.');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
    });

    it("'Download All Photos' hands the streamed zip to the browser: 'Preparing download', busy, then 'Download started'", async () => {
      const clicks = recordDownloadClicks();
      serve(completedOrder);
      const { user } = await renderApp('/order?order=ord_1');

      await user.click(await screen.findByRole('button', { name: 'Download All Photos' }));

      expect(clicks).toEqual([{ href: '/api/orders/ord_1/download', download: '' }]);
      expect(screen.getByRole('button', { name: 'Download All Photos' })).toBeDisabled();
      let toast = notifications().getByRole('listitem');
      expect(toast).toHaveTextContent('Preparing download');
      expect(toast).toHaveTextContent('Preparing a ZIP file of 2 photos...');
      expect(track).toHaveBeenCalledWith('Batch Download', { orderId: 'ord_1', numPhotos: 2, preset: 'original' });

      await waitFor(() => expect(screen.getByRole('button', { name: 'Download All Photos' })).toBeEnabled(), {
        timeout: 3000,
      });
      toast = notifications().getByRole('listitem');
      expect(toast).toHaveTextContent('Download started');
      expect(toast).toHaveTextContent('2 photos are downloading as a ZIP file.');
      expect(clicks).toHaveLength(1);
    });

    it("downloads the zip in a listing platform's format when one is picked", async () => {
      const clicks = recordDownloadClicks();
      serve(completedOrder);
      const { user } = await renderApp('/order?order=ord_1');

      await user.selectOptions(await screen.findByRole('combobox', { name: 'Format' }), 'Airbnb (3:2, up to 2400 px)');
      await user.click(screen.getByRole('button', { name: 'Download All Photos' }));

      expect(clicks).toEqual([{ href: '/api/orders/ord_1/download?preset=airbnb', download: '' }]);
      expect(track).toHaveBeenCalledWith('Batch Download', { orderId: 'ord_1', numPhotos: 2, preset: 'airbnb' });
    });

    it("says 'No photos to download' when none of the order's photos was enhanced", async () => {
      const clicks = recordDownloadClicks();
      serve({ status: 'completed', photos: [{ ...enhanced(3, 'garden.jpg'), enhanced_path: null }] });
      const { user } = await renderApp('/order?order=ord_1');

      await user.click(await screen.findByRole('button', { name: 'Download All Photos' }));

      const toast = await notifications().findByRole('listitem');
      expect(toast).toHaveTextContent('No photos to download');
      expect(toast).toHaveTextContent('There are no enhanced photos available for download.');
      expect(clicks).toEqual([]);
    });

    it('tells the host to contact support when the order has no photos', async () => {
      serve({ status: 'completed', photos: [] });
      await renderApp('/order?order=ord_1');

      expect(await screen.findByRole('heading', { name: 'No photos available' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact');
      expect(screen.queryByRole('button', { name: 'Download All Photos' })).not.toBeInTheDocument();
    });
  });

  it("shows 'Unknown Order Status' with the status for anything else", async () => {
    serve({ status: 'archived' });
    await renderApp('/order?order=ord_1');

    expect(await screen.findByRole('heading', { name: 'Unknown Order Status' })).toBeInTheDocument();
    expect(screen.getByText('archived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
