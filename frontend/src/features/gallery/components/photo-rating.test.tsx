import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '../../../components/ui/use-toast';
import { fakeApi, json } from '../../../test/fetch-mock';
import { notifications, renderApp } from '../../../test/render-app';
import { signedInUser } from '../../../test/users';
import type { Photo } from '../../photos';

jest.mock('../../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const photo = (id: number, name: string, overrides: Partial<Photo> = {}): Photo => ({
  id,
  order_id: 'ord_a',
  status: 'completed',
  name,
  original_path: `originals/7/ord_a/${id}.jpg`,
  enhanced_path: `enhanced/7/ord_a/${id}-enhanced.jpg`,
  preview_path: `previews/7/ord_a/${id}-preview.jpg`,
  thumbnail_path: `thumbnails/7/ord_a/${id}-thumb.jpg`,
  upload_date: '2026-11-21T09:00:00Z',
  process_date: '2026-11-21T11:00:00Z',
  ...overrides,
});

const unrated = (id: number) => ({ photo_id: id, score: null, note: null, created_at: null, updated_at: null });
const rated = (id: number, score: number, note: string | null = null) => ({
  photo_id: id,
  score,
  note,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
});
const window = (remaining: number | null) => ({
  adjustable_until: '2099-11-28T11:00:00Z',
  remaining,
  order_look: null,
  adjustments: [],
});

/** The gallery with these photos; each route's answer can be replaced. */
function serve(
  routes: Record<string, (body: unknown) => Response | Promise<Response>>,
  photos = [photo(1, 'kitchen.jpg')],
) {
  return fakeApi({
    'GET /api/auth/me': () => json(signedInUser),
    'GET /api/photos': () => json(photos),
    'GET /api/photos/1/adjustments': () => json(window(1)),
    ...routes,
  });
}

const ratingForm = () => screen.getByRole('form', { name: 'How did we do?' });
const star = (name: string) => within(ratingForm()).getByRole('radio', { name });

afterEach(() => act(() => dismissToast()));

describe('"How did we do?" in the gallery', () => {
  it('rates a delivered photo from 1 to 5 with an optional note, thanks the host and shows the rating stored', async () => {
    const api = serve({
      'GET /api/photos/1/rating': () => json(unrated(1)),
      'PUT /api/photos/1/rating': (body) => {
        const { score, note } = body as { score: number; note: string | null };
        return json(rated(1, score, note), 201);
      },
    });
    const { user } = await renderApp('/gallery');

    expect(await screen.findByText('Rate this photo from 1 (poor) to 5 (excellent).')).toBeInTheDocument();
    const stars = within(ratingForm()).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(star('4 of 5, Great')).not.toBeChecked();
    const send = within(ratingForm()).getByRole('button', { name: 'Send rating' });
    expect(send).toBeDisabled();

    await user.click(star('4 of 5, Great'));
    await user.type(
      within(ratingForm()).getByRole('textbox', { name: /Anything we should know\?/ }),
      '  Bright, thanks! ',
    );
    expect(within(ratingForm()).getByText('18/1000 characters')).toBeInTheDocument();
    await user.click(send);

    expect(await notifications().findByText('Thanks for your rating')).toBeInTheDocument();
    expect(api.bodiesSentTo('PUT /api/photos/1/rating')).toEqual([{ score: 4, note: 'Bright, thanks!' }]);
    expect(await screen.findByText('You rated this photo 4 out of 5.')).toBeInTheDocument();
    expect(star('4 of 5, Great')).toBeChecked();
    expect(within(ratingForm()).getByRole('button', { name: 'Update rating' })).toBeEnabled();
    // A good rating leaves the adjustment panel as it was.
    expect(screen.queryByRole('form', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();
  });

  it('sends no note when the host wrote none, and lets the host use the keyboard to choose', async () => {
    const api = serve({
      'GET /api/photos/1/rating': () => json(unrated(1)),
      'PUT /api/photos/1/rating': () => json(rated(1, 5), 201),
    });
    const { user } = await renderApp('/gallery');
    await screen.findByRole('form', { name: 'How did we do?' });

    star('3 of 5, Good').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(star('5 of 5, Excellent')).toBeChecked();
    await user.click(within(ratingForm()).getByRole('button', { name: 'Send rating' }));
    await notifications().findByText('Thanks for your rating');
    expect(api.bodiesSentTo('PUT /api/photos/1/rating')).toEqual([{ score: 5, note: null }]);
  });

  it('opens the adjustment panel after a rating of 1 or 2, with a line inviting the host to try one', async () => {
    const api = serve({
      'GET /api/photos/1/rating': () => json(unrated(1)),
      'PUT /api/photos/1/rating': (body) => json(rated(1, (body as { score: number }).score), 201),
      'POST /api/photos/1/adjustments': () => json({ id: 9, photo_id: 1, status: 'queued' }, 202),
    });
    const { user } = await renderApp('/gallery');
    await screen.findByRole('form', { name: 'How did we do?' });
    expect(screen.queryByRole('form', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();

    await user.click(star('2 of 5, Fair'));
    await user.click(within(ratingForm()).getByRole('button', { name: 'Send rating' }));

    const toast = await notifications().findByRole('listitem');
    expect(toast).toHaveTextContent('Thanks for your rating');
    expect(toast).toHaveTextContent('Sorry this photo missed the mark.');
    const panel = await screen.findByRole('form', { name: 'Ask for an adjustment' });
    expect(
      screen.getByText('Sorry it missed the mark. Try an adjustment: we make this photo again from your original.'),
    ).toBeInTheDocument();
    // It is the existing panel, ready to send.
    await user.click(within(panel).getByRole('button', { name: 'Request adjustment' }));
    expect(api.bodiesSentTo('POST /api/photos/1/adjustments')).toHaveLength(1);
  });

  it('shows the stored rating and note on return; a stored low rating offers an adjustment without opening it', async () => {
    serve(
      {
        'GET /api/photos/1/rating': () => json(rated(1, 1, 'The window is blown out.')),
        'GET /api/photos/2/rating': () => json(rated(2, 5)),
        'GET /api/photos/2/adjustments': () => json(window(1)),
      },
      [photo(1, 'kitchen.jpg'), photo(2, 'bedroom.jpg')],
    );
    const { user } = await renderApp('/gallery');

    expect(await screen.findByText('You rated this photo 1 out of 5.')).toBeInTheDocument();
    expect(star('1 of 5, Poor')).toBeChecked();
    expect(within(ratingForm()).getByRole('textbox', { name: /Anything we should know\?/ })).toHaveValue(
      'The window is blown out.',
    );
    expect(
      await screen.findByText(
        'Sorry it missed the mark. Try an adjustment: we make this photo again from your original.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for an adjustment' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();

    // Each photo has its own rating.
    await user.click(screen.getByRole('button', { name: 'bedroom.jpg' }));
    expect(await screen.findByText('You rated this photo 5 out of 5.')).toBeInTheDocument();
    expect(star('5 of 5, Excellent')).toBeChecked();
    expect(screen.queryByText(/Sorry it missed the mark/)).not.toBeInTheDocument();
  });

  it('does not invite an adjustment the photo can no longer have, and says why as before', async () => {
    serve({
      'GET /api/photos/1/rating': () => json(unrated(1)),
      'GET /api/photos/1/adjustments': () => json(window(0)),
      'PUT /api/photos/1/rating': () => json(rated(1, 1), 201),
    });
    const { user } = await renderApp('/gallery');
    await screen.findByRole('form', { name: 'How did we do?' });
    await user.click(star('1 of 5, Poor'));
    await user.click(within(ratingForm()).getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('You rated this photo 1 out of 5.')).toBeInTheDocument();
    expect(
      screen.getByText('This photo has had its free rework. Premium packages include unlimited adjustments.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sorry it missed the mark/)).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ask for an adjustment' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the rating is refused, and keeps what the host chose", async () => {
    serve({
      'GET /api/photos/1/rating': () => json(unrated(1)),
      'PUT /api/photos/1/rating': () =>
        json({ statusCode: 404, code: 'PHOTO_NOT_AVAILABLE', message: 'Photo not available' }, 404),
    });
    const { user } = await renderApp('/gallery');
    await screen.findByRole('form', { name: 'How did we do?' });
    await user.click(star('3 of 5, Good'));
    await user.click(within(ratingForm()).getByRole('button', { name: 'Send rating' }));

    const toast = await notifications().findByRole('listitem');
    expect(toast).toHaveTextContent('Rating not sent');
    expect(toast).toHaveTextContent('Photo not available');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(star('3 of 5, Good')).toBeChecked();
    expect(screen.getByText('Rate this photo from 1 (poor) to 5 (excellent).')).toBeInTheDocument();
  });
});
