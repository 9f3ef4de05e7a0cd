import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';
import { LANDING_DESCRIPTION, LANDING_TITLE } from '../../app/routes/landing';
import { BEFORE_AFTER_ITEMS, PLACEHOLDER_IMAGE } from './content';

const signedOut = () => mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));
const signedIn = () => mockFetch(() => fakeResponse({ body: signedInUser }));

function spyOnScroll() {
  const scrolled: string[] = [];
  const spy = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this.id);
  });
  return { scrolled, restore: () => spy.mockRestore() };
}

afterEach(() => jest.useRealTimers());

describe('landing page', () => {
  it('has a title and meta description about professional listing photos', async () => {
    signedOut();
    await renderApp('/');
    expect(document.title).toBe(LANDING_TITLE);
    expect(LANDING_TITLE).toMatch(/professional listing photos/i);
    const meta = document.querySelector('meta[name="description"]');
    expect(meta).toHaveAttribute('content', LANDING_DESCRIPTION);
    expect(LANDING_DESCRIPTION).toMatch(/professional listing photos/i);
  });

  it('shows the sections in the spec order', async () => {
    signedOut();
    await renderApp('/');
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Enhance your listing photos',
      'Professional photos in three simple steps',
      'Hosts love their new listing photos',
      'See the difference in every room',
      'Increase your booking rate by up to 40%',
      'Simple, one-time pricing',
      'Frequently asked questions',
      'Ready to make your listing stand out?',
    ]);
  });

  it('shows the signup card to visitors, with Terms and Privacy links', async () => {
    signedOut();
    await renderApp('/');
    const card = document.getElementById('signup-form')!;
    expect(within(card).getByText('Enhance your listing photos')).toBeInTheDocument();
    expect(within(card).getByText(/transform your property photos/i)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(within(card).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('hides the signup form from signed-in users and offers "Choose a Package"', async () => {
    signedIn();
    await renderApp('/');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Choose a Package' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Choose a Package' })).toHaveAttribute('href', '/package-selection');
    expect(document.getElementById('signup-form')).toBeNull();
    expect(screen.queryByText('Enhance your listing photos')).not.toBeInTheDocument();
  });

  it.each(['Transform my photos now', 'Get started today'])('"%s" scrolls to pricing', async (label) => {
    signedOut();
    const { scrolled, restore } = spyOnScroll();
    const { user } = await renderApp('/');
    scrolled.length = 0;
    await user.click(screen.getByRole('button', { name: label }));
    expect(scrolled).toEqual(['pricing']);
    restore();
  });

  it('shows six testimonials with name, location, stars, text and badge', async () => {
    signedOut();
    await renderApp('/');
    const items = screen.getAllByTestId('testimonial');
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(within(item).getByRole('img', { name: /out of 5 stars/ })).toBeInTheDocument();
    }
    expect(within(items[0]).getByText('Sarah M.')).toBeInTheDocument();
    expect(within(items[0]).getByText('Lake Tahoe, CA')).toBeInTheDocument();
    expect(within(items[0]).getByText('Superhost')).toBeInTheDocument();
  });

  it('shows the three packages with landing turnaround, Standard most popular', async () => {
    signedOut();
    await renderApp('/');
    const basic = screen.getByTestId('package-card-basic');
    const standard = screen.getByTestId('package-card-standard');
    const premium = screen.getByTestId('package-card-premium');
    expect(within(basic).getByText('$29')).toBeInTheDocument();
    expect(within(basic).getByText('5 photos included')).toBeInTheDocument();
    expect(within(basic).getByText('6-hour turnaround')).toBeInTheDocument();
    expect(within(standard).getByText('$69')).toBeInTheDocument();
    expect(within(standard).getByText('Most Popular')).toBeInTheDocument();
    expect(within(standard).getByText('Priority processing')).toBeInTheDocument();
    expect(within(premium).getByText('$99')).toBeInTheDocument();
    expect(within(premium).getByText('Express 3-hour turnaround')).toBeInTheDocument();
    expect(within(premium).getByText('Custom image adjustments')).toBeInTheDocument();
  });

  it('picking a package while signed out scrolls to the signup form after 100 ms', async () => {
    signedOut();
    const { scrolled, restore } = spyOnScroll();
    await renderApp('/');
    jest.useFakeTimers();
    scrolled.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Choose Standard' }));
    act(() => jest.advanceTimersByTime(99));
    expect(scrolled).not.toContain('signup-form');
    act(() => jest.advanceTimersByTime(1));
    expect(scrolled).toContain('signup-form');
    restore();
  });

  it('picking a package while signed in goes to package selection with it', async () => {
    signedIn();
    const { user } = await renderApp('/');
    await screen.findByRole('link', { name: 'Choose a Package' });
    await user.click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Professional photos for 15x less than a physical photo shoot',
      }),
    ).toBeInTheDocument();
  });

  it('opens FAQ items independently', async () => {
    signedOut();
    const { user } = await renderApp('/');
    const first = screen.getByRole('button', { name: 'Is there a free trial?' });
    const second = screen.getByRole('button', { name: 'How long does it take to get my photos?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    await user.click(second);

    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/we do not offer a free trial/i)).toBeVisible();
    expect(screen.getByText(/express 3-hour turnaround/i, { selector: 'p' })).toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/we do not offer a free trial/i)).not.toBeVisible();
  });

  it('names every format an upload takes in the FAQ, iPhone HEIC included', async () => {
    signedOut();
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'What kind of photos should I upload?' }));
    expect(screen.getByText(/We accept JPG, PNG, WEBP and HEIC files up to 10MB each\.$/)).toBeVisible();
  });
});

describe('before/after sliders', () => {
  it('shows a real example bedroom under the hero, the engine output as is, credited under CC BY 4.0', async () => {
    signedOut();
    await renderApp('/');
    const slider = screen.getByRole('slider', { name: 'Example bedroom: drag to compare before and after' });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('img', { name: 'Example bedroom after enhancement' })).toHaveAttribute(
      'src',
      '/example-room/bedroom-usa-after.webp',
    );
    expect(
      screen.getByText('Photo: Raashi Saxena (2019), Dollar Street, Gapminder, CC BY 4.0, enhanced by ListingLens'),
    ).toBeInTheDocument();
    // The gallery's bedroom card is a real photo too, with its own credit; the other rooms stay illustrations.
    const bedroom = screen
      .getByRole('slider', { name: 'Bedroom: drag to compare before and after' })
      .closest('figure')!;
    expect(
      within(bedroom).getByText(/^Photo: Zoriah Miller, .*CC BY 4\.0, enhanced by ListingLens$/),
    ).toBeInTheDocument();
  });

  it('shows the six rooms, each starting at 50 %', async () => {
    signedOut();
    await renderApp('/');
    const sliders = within(document.getElementById('before-after')!).getAllByRole('slider');
    expect(sliders).toHaveLength(6);
    expect(BEFORE_AFTER_ITEMS.map((i) => i.title)).toEqual([
      'Living room',
      'Kitchen',
      'Bedroom',
      'Bathroom',
      'Exterior',
      'Dining area',
    ]);
    for (const slider of sliders) expect(slider).toHaveAttribute('aria-valuenow', '50');
  });

  it('follows a mouse drag and a touch drag', async () => {
    signedOut();
    await renderApp('/');
    const frame = within(document.getElementById('before-after')!).getAllByTestId('before-after-frame')[0];
    jest.spyOn(frame, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      width: 400,
      top: 0,
      height: 300,
      right: 500,
      bottom: 300,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    const slider = within(frame).getByRole('slider');

    fireEvent.pointerDown(frame, { clientX: 200, pointerId: 1, pointerType: 'mouse' });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(frame, { clientX: 400, pointerId: 1, pointerType: 'mouse' });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(frame, { clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 150, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');

    fireEvent.pointerDown(frame, { clientX: 600, pointerId: 2, pointerType: 'touch' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    fireEvent.pointerMove(frame, { clientX: 0, pointerId: 2, pointerType: 'touch' });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('moves with the keyboard', async () => {
    signedOut();
    const { user } = await renderApp('/');
    const slider = within(document.getElementById('before-after')!).getAllByRole('slider')[1];
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '60');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  it('falls back to a placeholder when an image is broken', async () => {
    signedOut();
    await renderApp('/');
    const img = screen.getByRole('img', { name: 'Kitchen after enhancement' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/before-after/kitchen-after.webp');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });
});
