import { act, screen } from '@testing-library/react';
import { callsTo, fakeApi, json } from '../../test/fetch-mock';
import { currentLocation, renderApp } from '../../test/render-app';
import { type Photo, PHOTOS_QUERY_OPTIONS } from '../../features/photos';
import { signedInUser } from '../../test/users';

jest.mock('../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const photo = (id: number, status: Photo['status']): Photo => ({
  id,
  order_id: 'ord_1',
  status,
  name: `room-${id}.jpg`,
  original_path: `originals/${id}.jpg`,
  original_photo_path: `originals/${id}.jpg`,
  enhanced_path: status === 'completed' ? `enhanced/${id}.jpg` : null,
  preview_path: null,
  thumbnail_path: null,
  upload_date: '2026-11-22T01:00:00Z',
  process_date: null,
});

const count = (label: string) => screen.getByTestId(`count-${label}`).textContent;

afterEach(() => jest.useRealTimers());

describe('processing page', () => {
  it('counts processing and completed photos; awaiting processing is always 0', async () => {
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/photos': () => json([photo(1, 'uploaded'), photo(2, 'uploaded'), photo(3, 'completed')]),
    });
    const { user } = await renderApp('/processing');

    expect(screen.getByRole('heading', { name: 'Your Photos Are Being Enhanced' })).toBeInTheDocument();
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(count('Processing')).toBe('2');
    expect(count('Completed')).toBe('1');
    expect(count('Awaiting Processing')).toBe('0');
    expect(screen.getByText(/up to 24 hours/)).toBeInTheDocument();
    expect(screen.getByText(/send you an email/)).toBeInTheDocument();
    expect(screen.queryByText('All Photos Completed!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');

    await user.click(screen.getByRole('button', { name: 'View Completed Photos' }));
    expect(currentLocation()).toBe('/gallery');
  });

  it("says up to 12 hours for premium hosts and keeps 'View Completed Photos' disabled until one is done", async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ ...signedInUser, package_type: 'premium' }),
      'GET /api/photos': () => json([photo(1, 'uploaded')]),
    });
    await renderApp('/processing');

    expect(await screen.findByText(/up to 12 hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Completed Photos' })).toBeDisabled();
  });

  it('asks for the photos again every 10 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let photos = [photo(1, 'uploaded'), photo(2, 'uploaded')];
    const api = fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/photos': () => json(photos) });
    await renderApp('/processing');
    await screen.findByText('Processing');
    expect(count('Processing')).toBe('2');
    const before = callsTo(api.fetch, '/api/photos').length;

    photos = [photo(1, 'completed'), photo(2, 'uploaded')];
    await act(async () => {
      jest.advanceTimersByTime(10000);
    });

    expect(callsTo(api.fetch, '/api/photos').length).toBe(before + 1);
    expect(count('Processing')).toBe('1');
    expect(count('Completed')).toBe('1');
    expect(screen.getByRole('button', { name: 'View Completed Photos' })).toBeEnabled();
  });

  it('counts a batch with a photo that failed as finished once nothing is waiting', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/photos': () => json([photo(1, 'completed'), photo(2, 'failed')]),
    });
    await renderApp('/processing');

    expect(await screen.findByText('All Photos Completed!')).toBeInTheDocument();
    expect(count('Completed')).toBe('1');
    act(() => jest.advanceTimersByTime(2000));
    expect(currentLocation()).toBe('/gallery');
  });

  it("shows 'All Photos Completed!' and opens the gallery 2 seconds later", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/photos': () => json([photo(1, 'completed'), photo(2, 'completed')]),
    });
    await renderApp('/processing');

    expect(await screen.findByText('All Photos Completed!')).toBeInTheDocument();
    expect(count('Completed')).toBe('2');

    act(() => jest.advanceTimersByTime(1800));
    expect(currentLocation()).toBe('/processing');
    act(() => jest.advanceTimersByTime(250));
    expect(currentLocation()).toBe('/gallery');
  });

  it('does not redirect while there are no photos at all', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/photos': () => json([]) });
    await renderApp('/processing');
    await screen.findByText('Processing');

    act(() => jest.advanceTimersByTime(3000));

    expect(screen.queryByText('All Photos Completed!')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/processing');
  });

  it('retries GET /api/photos 3 times', () => {
    expect(PHOTOS_QUERY_OPTIONS).toMatchObject({ errorRetryCount: 3, shouldRetryOnError: true });
  });
});
