import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '../../components/ui/use-toast';
import { fakeApi, json } from '../../test/fetch-mock';
import { currentLocation, notifications, renderApp } from '../../test/render-app';
import { PhotoViewer } from '../../features/gallery';
import { fileResponse, recordDownloadClicks } from '../../test/downloads';
import type { Photo } from '../../features/photos';
import { installObjectUrls } from '../../test/fake-xhr';
import { track } from '../../lib/analytics';
import { signedInUser } from '../../test/users';

jest.mock('../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const photo = (id: number, name: string, overrides: Partial<Photo> = {}): Photo => ({
  id,
  order_id: 'ord_a',
  status: 'completed',
  name,
  original_path: `originals/7/ord_a/${id}-original.jpg`,
  original_photo_path: `originals/7/ord_a/${id}-original.jpg`,
  enhanced_path: `enhanced/7/ord_a/${id}-enhanced.jpg`,
  preview_path: `previews/7/ord_a/${id}-preview.jpg`,
  thumbnail_path: `thumbnails/7/ord_a/${id}-thumb.jpg`,
  upload_date: '2026-11-21T09:00:00Z',
  process_date: '2026-11-21T11:00:00Z',
  ...overrides,
});

const photos = [
  photo(1, 'kitchen.jpg'),
  photo(2, 'bedroom.jpg'),
  photo(3, 'still-working.jpg', { status: 'uploaded', enhanced_path: null }),
  photo(4, 'terrace.jpg', { order_id: 'ord_b' }),
];

function serve(list: Photo[], extra: Record<string, () => Response | Promise<Response>> = {}) {
  return fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/photos': () => json(list), ...extra });
}

const viewer = () => screen.getByRole('tabpanel');

beforeEach(() => {
  installObjectUrls();
  jest.mocked(track).mockClear();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => dismissToast());
});

describe('gallery', () => {
  it("with no completed photos shows 'No Enhanced Photos Yet' with the way to the dashboard and to processing", async () => {
    serve([photo(3, 'still-working.jpg', { status: 'uploaded', enhanced_path: null })]);
    const { user } = await renderApp('/gallery');

    expect(await screen.findByRole('heading', { name: 'No Enhanced Photos Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check Processing Status' })).toHaveAttribute('href', '/processing');
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');

    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(currentLocation()).toBe('/dashboard');
  });

  it('lists only completed photos in a scrolling sidebar and shows the first one by default', async () => {
    serve(photos);
    await renderApp('/gallery');

    expect(await screen.findByRole('heading', { name: 'All Photos (3)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'All photos' });
    expect(list).toHaveClass('max-h-[500px]', 'overflow-y-auto');
    const thumbs = within(list).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['kitchen.jpg', 'bedroom.jpg', 'terrace.jpg']);
    expect(within(thumbs[0]).getByRole('presentation')).toHaveAttribute('src', '/api/photos/file/1-thumb.jpg');
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'false');

    expect(within(viewer()).getByRole('img', { name: 'kitchen.jpg, enhanced' })).toHaveAttribute(
      'src',
      '/api/photos/file/1-preview.jpg',
    );
    expect(screen.queryByText('Select a photo from the gallery to view it here')).not.toBeInTheDocument();
  });

  it("shows one order's photos when opened from that order (/gallery?order=…), with the way back to all", async () => {
    serve(photos);
    const { user } = await renderApp('/gallery?order=ord_b');

    expect(await screen.findByRole('heading', { name: 'All Photos (1)' })).toBeInTheDocument();
    const thumbs = within(screen.getByRole('list', { name: 'All photos' })).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['terrace.jpg']);
    expect(within(viewer()).getByRole('img', { name: 'terrace.jpg, enhanced' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Show all your photos' }));
    expect(await screen.findByRole('heading', { name: 'All Photos (3)' })).toBeInTheDocument();
  });

  it("says when one order's photos were matched to one look, and says nothing across several orders", async () => {
    const order = (id: string, photosMatched: number | null) => () =>
      json({ id, status: 'completed', photos_matched: photosMatched, photos: [] });
    serve(photos, { 'GET /api/orders/ord_a': order('ord_a', 2), 'GET /api/orders/ord_b': order('ord_b', null) });
    const { user } = await renderApp('/gallery?order=ord_a');

    expect(await screen.findByText('Colour and brightness matched across your 2 photos')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show all your photos' }));
    expect(await screen.findByRole('heading', { name: 'All Photos (3)' })).toBeInTheDocument();
    expect(screen.queryByTestId('matched-look')).not.toBeInTheDocument();
  });

  it('says nothing about a matched look for an order that was not harmonised', async () => {
    serve(photos, {
      'GET /api/orders/ord_b': () => json({ id: 'ord_b', status: 'completed', photos_matched: null, photos: [] }),
    });
    await renderApp('/gallery?order=ord_b');
    expect(await screen.findByRole('heading', { name: 'All Photos (1)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/orders/ord_b'), expect.anything()),
    );
    expect(screen.queryByTestId('matched-look')).not.toBeInTheDocument();
  });

  it('switches between the Enhanced and Original versions and between photos', async () => {
    serve(photos);
    const { user } = await renderApp('/gallery');
    await screen.findByRole('heading', { name: 'All Photos (3)' });

    expect(screen.getByRole('tab', { name: 'Enhanced' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Original' }));
    expect(screen.getByRole('tab', { name: 'Original' })).toHaveAttribute('aria-selected', 'true');
    expect(within(viewer()).getByRole('img', { name: 'kitchen.jpg, original' })).toHaveAttribute(
      'src',
      '/api/photos/file/1-original.jpg',
    );

    await user.click(screen.getByRole('button', { name: 'bedroom.jpg' }));
    expect(screen.getByRole('button', { name: 'bedroom.jpg' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(viewer()).getByRole('img', { name: 'bedroom.jpg, original' })).toHaveAttribute(
      'src',
      '/api/photos/file/2-original.jpg',
    );

    await user.click(screen.getByRole('tab', { name: 'Enhanced' }));
    expect(within(viewer()).getByRole('img', { name: 'bedroom.jpg, enhanced' })).toHaveAttribute(
      'src',
      '/api/photos/file/2-preview.jpg',
    );
  });

  it('opens a photo that has its original preview on a before/after slider, with its download name and what was changed', async () => {
    serve([
      photo(5, 'IMG_0042.HEIC', {
        before_preview_path: 'previews/7/ord_a/5-before.webp',
        preview_path: 'previews/7/ord_a/5-preview.webp',
        download_name: 'IMG_0042-enhanced.jpg',
        width: 3000,
        height: 4000,
        changes: ['Brightened by 1.2 stops', 'Warm cast removed'],
      }),
      photo(6, 'hall.jpg', { download_name: 'hall-enhanced.jpg', changes: [] }),
    ]);
    const { user } = await renderApp('/gallery');
    await screen.findByRole('heading', { name: 'All Photos (2)' });

    expect(screen.getByRole('tab', { name: 'Before / after' })).toHaveAttribute('aria-selected', 'true');
    const slider = within(viewer()).getByRole('slider', {
      name: 'IMG_0042-enhanced.jpg: drag to compare before and after',
    });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    await user.click(slider);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '40');
    expect(within(viewer()).getByRole('img', { name: 'IMG_0042-enhanced.jpg before enhancement' })).toHaveAttribute(
      'src',
      '/api/photos/file/5-before.webp',
    );
    expect(within(viewer()).getByRole('img', { name: 'IMG_0042-enhanced.jpg after enhancement' })).toHaveAttribute(
      'src',
      '/api/photos/file/5-preview.webp',
    );
    // A portrait photo keeps its shape: the frame is 3:4, not the landing's 3:2 crop.
    expect(screen.getByTestId('before-after-frame')).toHaveStyle({ aspectRatio: '0.75' });
    expect(screen.getByText('IMG_0042-enhanced.jpg')).toBeInTheDocument();
    const changes = screen.getByRole('list', { name: 'What we changed' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Brightened by 1.2 stops', 'Warm cast removed']);

    // A photo with nothing to compare (enhanced before originals had previews) opens on Enhanced, and a photo
    // that needed no change says nothing about changes.
    await user.click(screen.getByRole('button', { name: 'hall.jpg' }));
    expect(screen.queryByRole('tab', { name: 'Before / after' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Enhanced' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('list', { name: 'What we changed' })).not.toBeInTheDocument();
    expect(screen.getByText('hall-enhanced.jpg')).toBeInTheDocument();
  });

  describe('asking for an adjustment', () => {
    const window = (remaining: number | null, until = '2026-11-28T11:00:00Z') => ({
      adjustable_until: until,
      remaining,
      adjustments: [],
    });

    it('sends the chosen style and steps, says so, and shows the photo as being adjusted until the new version is in', async () => {
      let adjusting = false;
      const api = serve([photo(1, 'kitchen.jpg')], {
        'GET /api/photos': () => json([photo(1, 'kitchen.jpg', { adjusting })]),
        'GET /api/photos/1/adjustments': () => json(window(1)),
        'POST /api/photos/1/adjustments': () => {
          adjusting = true;
          return json({ id: 9, photo_id: 1, status: 'queued' }, 202);
        },
      });
      const { user } = await renderApp('/gallery');
      expect(
        await screen.findByText('You can ask for 1 free rework of this photo until November 28, 2026.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Ask for an adjustment' }));
      const form = screen.getByRole('form', { name: 'Ask for an adjustment' });
      await user.click(within(form).getByRole('radio', { name: /Warm/ }));
      fireEvent.change(within(form).getByRole('slider', { name: 'Brightness' }), { target: { value: '1' } });
      expect(within(form).getByRole('slider', { name: 'Brightness' })).toHaveAttribute(
        'aria-valuetext',
        'Brighter by 1 step',
      );
      fireEvent.change(within(form).getByRole('slider', { name: 'Warmth' }), { target: { value: '-2' } });
      await user.click(within(form).getByRole('checkbox', { name: 'Straighten verticals' }));
      await user.click(within(form).getByRole('button', { name: 'Request adjustment' }));

      expect(await notifications().findByText('Adjustment requested')).toBeInTheDocument();
      expect(api.bodiesSentTo('POST /api/photos/1/adjustments')).toEqual([
        { style: 'warm', brightness: 1, warmth: -2, straighten: false, privacyBlur: false },
      ]);
      expect(
        await screen.findByText('Adjustment in progress. The new version replaces this one when it is ready.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();
    });

    it('starts the blur choice from the photo as delivered and sends it: a blurred photo made again without it', async () => {
      const api = serve([photo(1, 'kitchen.jpg')], {
        'GET /api/photos/1/adjustments': () => json({ ...window(1), privacy_blurred: true }),
        'POST /api/photos/1/adjustments': () => json({ id: 9, photo_id: 1, status: 'queued' }, 202),
      });
      const { user } = await renderApp('/gallery');
      await user.click(await screen.findByRole('button', { name: 'Ask for an adjustment' }));
      const form = screen.getByRole('form', { name: 'Ask for an adjustment' });
      const blur = within(form).getByRole('checkbox', { name: 'Blur faces and licence plates' });
      expect(blur).toBeChecked();
      expect(blur).toHaveAccessibleDescription('Blurred as delivered; your original stays as it is.');
      await user.click(blur);
      await user.click(within(form).getByRole('button', { name: 'Request adjustment' }));
      expect(await notifications().findByText('Adjustment requested')).toBeInTheDocument();
      expect(api.bodiesSentTo('POST /api/photos/1/adjustments')).toEqual([
        { style: 'listing', brightness: 0, warmth: 0, straighten: true, privacyBlur: false },
      ]);
    });

    it('offers the listing look first and selected, then the natural, bright & airy and warm looks', async () => {
      const api = serve([photo(1, 'kitchen.jpg')], {
        'GET /api/photos/1/adjustments': () => json(window(1)),
        'POST /api/photos/1/adjustments': () => json({ id: 9, photo_id: 1, status: 'queued' }, 202),
      });
      const { user } = await renderApp('/gallery');
      await user.click(await screen.findByRole('button', { name: 'Ask for an adjustment' }));
      const form = screen.getByRole('form', { name: 'Ask for an adjustment' });

      const styles = within(form).getAllByRole('radio');
      expect(styles.map((radio) => radio.closest('label')?.textContent)).toEqual([
        'Listing lookAs delivered',
        "NaturalThe retouching model's softer rendering",
        'Bright & airyLighter and softer',
        'WarmGolden light',
      ]);
      expect(within(form).getByRole('radio', { name: /Listing look/ })).toBeChecked();
      expect(styles.filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);

      await user.click(within(form).getByRole('button', { name: 'Request adjustment' }));
      expect(await notifications().findByText('Adjustment requested')).toBeInTheDocument();
      expect(api.bodiesSentTo('POST /api/photos/1/adjustments')).toEqual([
        { style: 'listing', brightness: 0, warmth: 0, straighten: true, privacyBlur: false },
      ]);
    });

    it("starts from the look the photo's order was made in, named as delivered", async () => {
      const api = serve([photo(1, 'kitchen.jpg')], {
        'GET /api/photos/1/adjustments': () => json({ ...window(1), order_look: 'warm' }),
        'POST /api/photos/1/adjustments': () => json({ id: 9, photo_id: 1, status: 'queued' }, 202),
      });
      const { user } = await renderApp('/gallery');
      await user.click(await screen.findByRole('button', { name: 'Ask for an adjustment' }));
      const form = screen.getByRole('form', { name: 'Ask for an adjustment' });

      expect(within(form).getByRole('radio', { name: /Warm/ })).toBeChecked();
      expect(within(form).getByRole('radio', { name: /Warm/ }).closest('label')).toHaveTextContent('WarmAs delivered');
      expect(
        within(form)
          .getByRole('radio', { name: /Listing look/ })
          .closest('label'),
      ).toHaveTextContent('Listing lookOur default look');
      await user.click(within(form).getByRole('button', { name: 'Request adjustment' }));
      expect(await notifications().findByText('Adjustment requested')).toBeInTheDocument();
      expect(api.bodiesSentTo('POST /api/photos/1/adjustments')).toEqual([
        { style: 'warm', brightness: 0, warmth: 0, straighten: true, privacyBlur: false },
      ]);
    });

    it("shows the server's reason when the adjustment is refused, and keeps the form", async () => {
      serve([photo(1, 'kitchen.jpg')], {
        'GET /api/photos/1/adjustments': () => json(window(1)),
        'POST /api/photos/1/adjustments': () =>
          json(
            {
              statusCode: 409,
              code: 'ADJUSTMENT_IN_PROGRESS',
              message: 'An adjustment of this photo is already in progress. You can ask for another once it is ready.',
            },
            409,
          ),
      });
      const { user } = await renderApp('/gallery');
      await user.click(await screen.findByRole('button', { name: 'Ask for an adjustment' }));
      await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
      const toast = await notifications().findByRole('listitem');
      expect(toast).toHaveTextContent('Adjustment not requested');
      expect(toast).toHaveTextContent('An adjustment of this photo is already in progress.');
      expect(screen.getByRole('form', { name: 'Ask for an adjustment' })).toBeInTheDocument();
    });

    it('says premium photos can be adjusted as often as the host likes', async () => {
      serve([photo(1, 'kitchen.jpg')], { 'GET /api/photos/1/adjustments': () => json(window(null)) });
      await renderApp('/gallery');
      expect(
        await screen.findByText('Premium: adjust this photo as often as you like until November 28, 2026.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ask for an adjustment' })).toBeInTheDocument();
    });

    it('offers nothing once the free rework is used or the 7-day window has closed, and says which', async () => {
      serve([photo(1, 'kitchen.jpg'), photo(2, 'bedroom.jpg')], {
        'GET /api/photos/1/adjustments': () => json(window(0, '2099-01-01T00:00:00Z')),
        'GET /api/photos/2/adjustments': () => json(window(0, '2020-03-04T00:00:00Z')),
      });
      const { user } = await renderApp('/gallery');
      expect(
        await screen.findByText('This photo has had its free rework. Premium packages include unlimited adjustments.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'bedroom.jpg' }));
      expect(
        await screen.findByText('The 7-day adjustment window for this photo closed on March 4, 2020.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();
    });
  });

  it("'Download' saves the selected photo and says 'Download successful' with its file name", async () => {
    const clicks = recordDownloadClicks();
    serve(photos, { 'GET /api/download-photo/2': () => fileResponse('bedroom-enhanced.jpg') });
    const { user } = await renderApp('/gallery');
    await user.click(await screen.findByRole('button', { name: 'bedroom.jpg' }));

    await user.click(screen.getByRole('button', { name: 'Download' }));

    const toast = await notifications().findByRole('listitem');
    expect(toast).toHaveTextContent('Download successful');
    expect(toast).toHaveTextContent('bedroom-enhanced.jpg');
    expect(clicks).toEqual([{ href: expect.stringMatching(/^blob:/), download: 'bedroom-enhanced.jpg' }]);
    expect(track).toHaveBeenCalledWith('Photo Download', { photoId: 2, orderId: 'ord_a' });
  });

  it("says 'Photo not available for download' for a photo without an enhanced file", async () => {
    const api = serve([photo(5, 'odd.jpg', { enhanced_path: null })]);
    const { user } = await renderApp('/gallery');

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    const toast = notifications().getByRole('listitem');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Photo not available for download');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(api.fetch.mock.calls.some(([url]) => String(url).startsWith('/api/download-photo'))).toBe(false);
  });

  it("toasts 'Download failed' when the server refuses the photo", async () => {
    serve(photos, { 'GET /api/download-photo/1': () => json({ message: 'gone' }, 404) });
    const { user } = await renderApp('/gallery');

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    const toast = await notifications().findByRole('listitem');
    expect(toast).toHaveTextContent('Download failed');
    expect(toast).toHaveTextContent('Failed to download the photo. Please try again.');
  });

  it("'Download All' streams one zip per order, busy while it is prepared", async () => {
    const clicks = recordDownloadClicks();
    serve(photos);
    const { user } = await renderApp('/gallery');

    await user.click(await screen.findByRole('button', { name: 'Download All' }));

    expect(screen.getByRole('button', { name: 'Download All' })).toBeDisabled();
    expect(notifications().getByRole('listitem')).toHaveTextContent(
      'Preparing downloadPreparing a ZIP file of 3 photos...',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download All' })).toBeEnabled(), { timeout: 4000 });
    expect(clicks).toEqual([
      { href: '/api/orders/ord_a/download', download: '' },
      { href: '/api/orders/ord_b/download', download: '' },
    ]);
    expect(notifications().getByRole('listitem')).toHaveTextContent(
      'Download started3 photos are downloading as a ZIP file.',
    );
    expect(track).toHaveBeenCalledWith('Batch Download', { orderId: 'ord_a', numPhotos: 2, preset: 'original' });
    expect(track).toHaveBeenCalledWith('Batch Download', { orderId: 'ord_b', numPhotos: 1, preset: 'original' });
  });

  it("marks each order's suggested cover photo, in the list and in the viewer", async () => {
    serve([photo(1, 'kitchen.jpg'), photo(2, 'living-room.jpg', { cover_suggestion: true })]);
    const { user } = await renderApp('/gallery');
    const cover = await screen.findByRole('button', { name: 'living-room.jpg, suggested cover' });
    expect(within(cover).getByText('Cover')).toBeInTheDocument();
    expect(screen.queryByText(/Suggested cover photo:/)).not.toBeInTheDocument();
    await user.click(cover);
    expect(screen.getByText(/Suggested cover photo:/)).toBeInTheDocument();
  });

  it('has a tips panel linking to an outside listing-photo guide', async () => {
    serve(photos);
    await renderApp('/gallery');

    const guide = await screen.findByRole('link', { name: /guide to great listing photos/ });
    expect(guide).toHaveAttribute('target', '_blank');
    expect(guide).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(guide.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('asks the user to pick a photo when none is selected', () => {
    render(<PhotoViewer photo={null} />);

    expect(screen.getByText('Select a photo from the gallery to view it here')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
