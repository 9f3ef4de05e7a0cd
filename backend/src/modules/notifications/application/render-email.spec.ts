import mjml2html from 'mjml';
import sharp from 'sharp';
import { renderEmail } from './render-email';

// The real MJML, watched: each template must be compiled once, not once per email.
jest.mock('mjml', () => {
  const actual = jest.requireActual<(...args: unknown[]) => unknown>('mjml');
  return { __esModule: true, default: jest.fn((...args: unknown[]) => actual(...args)) };
});

const APP = 'https://app.listinglens.test';
const HOSTILE = `<script>alert(1)</script> "Bob" & <b onclick='x'>`;

/** The HTML as a mail client's parser reads attribute values and text: entities decoded. */
function decode(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]));
}

/** Visible words of the HTML, tags dropped and whitespace collapsed, for checking sentences. */
function words(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  const inlineTagsDropped = body.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<\/?(a|strong|span)\b[^>]*>/g, '');
  return decode(inlineTagsDropped.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function expectBranded(html: string) {
  expect(html).toMatch(/^<!doctype html>/i);
  expect(words(html)).toContain('ListingLens');
  expect(words(html)).toContain('Bright, bookable listing photos from the phone in your pocket.');
  expect(html).toContain('#0f766e'); // the app's teal-700 button
  // Nothing remote: images are inline (cid:), no stylesheet or font is fetched.
  for (const [, src] of html.matchAll(/<img[^>]+src="([^"]*)"/g)) expect(src).toMatch(/^cid:/);
  expect(html).not.toMatch(/<link\b|@import|url\(/i);
}

describe('renderEmail', () => {
  it('sign-in link: the same text as before, a button to the exact link, the link copyable', async () => {
    const link = `${APP}/auth/confirm#access_token=abc_DEF-123&refresh_token=xyz&type=magiclink`;
    const email = await renderEmail({ email: 'sign-in-link', link });

    expect(email.subject).toBe('Your ListingLens sign-in link');
    expect(email.text).toBe(
      `Hello,\n\nUse this link to sign in to ListingLens. It works once and expires in 15 minutes:\n\n${link}\n\n` +
        `If you did not ask to sign in, you can ignore this email.\n`,
    );
    expectBranded(email.html);
    expect(hrefs(email.html).filter((h) => h === link)).toHaveLength(2); // the button and the copyable link
    expect(words(email.html)).toContain(
      'Use this link to sign in to ListingLens. It works once and expires in 15 minutes. Sign in to ListingLens',
    );
    expect(words(email.html)).toContain('If you did not ask to sign in, you can ignore this email.');
    expect(email.inlineImages).toEqual([]);
  });

  it('receipt: package, photos, price and order in both parts; the name is escaped in the HTML', async () => {
    const link = `${APP}/order?order=ord_abc123`;
    const email = await renderEmail({
      email: 'purchase-receipt',
      name: HOSTILE,
      packageName: 'Standard',
      photos: 25,
      price: '$49',
      orderId: 'ord_abc123',
      link,
    });

    expect(email.subject).toBe('Your Standard package is active');
    expect(email.text).toBe(
      [
        `Hi ${HOSTILE},`,
        '',
        'Thank you for your purchase. Your Standard package (25 photos, $49, one-time) is now active.',
        'Order: ord_abc123',
        '',
        `Upload your photos here: ${link}`,
        '',
        'Enhanced photos are kept for 90 days after delivery.',
      ].join('\n'),
    );
    expectBranded(email.html);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b onclick');
    expect(words(email.html)).toContain(`Hi ${HOSTILE},`);
    expect(words(email.html)).toContain(
      'Thank you for your purchase. Your Standard package (25 photos, $49, one-time) is now active.',
    );
    expect(words(email.html)).toMatch(/Package Standard Photos 25 Paid, one-time \$49 Order ord_abc123/);
    expect(hrefs(email.html)).toContain(link);
    expect(words(email.html)).toContain('Upload your photos');
  });

  it('receipt without a name greets plainly', async () => {
    const email = await renderEmail({
      email: 'purchase-receipt',
      name: null,
      packageName: 'Basic',
      photos: 10,
      price: '$29',
      orderId: 'ord_1',
      link: `${APP}/order?order=ord_1`,
    });
    expect(email.text.startsWith('Hi,\n')).toBe(true);
    expect(words(email.html)).toContain('Hi, Thank you for your purchase.');
  });

  describe('photos ready', () => {
    let webp: Buffer;
    beforeAll(async () => {
      webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4f8fbf' } })
        .webp()
        .toBuffer();
    });
    const link = `${APP}/gallery?order=ord_9`;
    const base = { email: 'photos-ready', name: 'Maria', link, supportEmail: 'help@listinglens.test' } as const;

    it('keeps the text, links to the gallery and shows at most 6 thumbnails as inline JPEGs', async () => {
      const thumbnails = Array.from({ length: 8 }, (_, i) => ({ name: `room-${i + 1}.jpg`, image: webp }));
      const email = await renderEmail({ ...base, delivered: 8, failed: 0, thumbnails });

      expect(email.subject).toBe('Your enhanced photos are ready');
      expect(email.text).toBe(
        [
          'Hi Maria,',
          '',
          'Your 8 enhanced photos are ready.',
          `View and download them here: ${link}`,
          '',
          'You can download them one by one or all at once as a zip. They are kept for 90 days.',
        ].join('\n'),
      );
      expectBranded(email.html);
      expect(words(email.html)).toContain('Your 8 enhanced photos are ready.');
      expect(words(email.html)).toContain('…and 2 more in your gallery.');
      expect(words(email.html)).toContain('View and download your photos');
      expect(hrefs(email.html).every((h) => h === link || h === `${APP}/`)).toBe(true);

      expect(email.inlineImages).toHaveLength(6);
      const srcs = [...email.html.matchAll(/<img[^>]+src="cid:([^"]+)"[^>]*alt="([^"]*)"/g)];
      expect(srcs.map((m) => [m[1], m[2]])).toEqual(
        email.inlineImages.map((image, i) => [image.cid, `room-${i + 1}.jpg`]),
      );
      for (const image of email.inlineImages) {
        expect(image.contentType).toBe('image/jpeg');
        const meta = await sharp(image.content).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 352, 264]);
      }
      // Bounded: the whole message stays far below what mail providers clip or refuse.
      const total = email.html.length + email.inlineImages.reduce((sum, image) => sum + image.content.length, 0);
      expect(total).toBeLessThan(200 * 1024);
    });

    it('one photo, one failure: singular words and the support address in both parts', async () => {
      const email = await renderEmail({
        ...base,
        name: null,
        delivered: 1,
        failed: 1,
        thumbnails: [{ name: null, image: webp }],
      });
      expect(email.text).toBe(
        [
          'Hi,',
          '',
          'Your 1 enhanced photo is ready.',
          `View and download them here: ${link}`,
          '',
          'You can download them one by one or all at once as a zip. They are kept for 90 days.',
          '',
          '1 photo could not be enhanced; our team has been told and will be in touch. You can also reply to ' +
            'help@listinglens.test.',
        ].join('\n'),
      );
      expect(words(email.html)).toContain('Your 1 enhanced photo is ready.');
      expect(words(email.html)).toContain(
        '1 photo could not be enhanced; our team has been told and will be in touch. You can also reply to ' +
          'help@listinglens.test.',
      );
      expect(hrefs(email.html)).toContain('mailto:help@listinglens.test');
      expect(words(email.html)).not.toContain('more in your gallery');
      expect(email.html).toContain('alt="Photo 1"');
    });

    it('escapes a file name in the thumbnail alt text', async () => {
      const email = await renderEmail({
        ...base,
        delivered: 2,
        failed: 2,
        thumbnails: [{ name: `"><img src=https://evil.test/x onerror=alert(1)>.jpg`, image: webp }],
      });
      expect(email.html).not.toContain('evil.test/x onerror=alert(1)>');
      expect(email.html).toMatch(
        /alt="&quot;&gt;&lt;img src&#x3D;https:\/\/evil\.test\/x onerror&#x3D;alert\(1\)&gt;\.jpg"/,
      );
      expect(email.text).toContain('2 photos could not be enhanced;');
    });

    it('without thumbnails: no image grid, the rest unchanged', async () => {
      const email = await renderEmail({ ...base, delivered: 3, failed: 0, thumbnails: [] });
      expect(email.inlineImages).toEqual([]);
      expect(email.html).not.toContain('<img');
      expect(words(email.html)).toContain('Your 3 enhanced photos are ready. View and download your photos');
    });
  });

  it('purge reminder: the deletion date, the count and the order page, singular and plural', async () => {
    const link = `${APP}/order?order=ord_7`;
    const vars = { email: 'purge-reminder', name: 'Maria', orderId: 'ord_7', retentionDays: 90, link } as const;
    const many = await renderEmail({ ...vars, photos: 5, deletedOn: 'December 1, 2026' });
    expect(many.subject).toBe('Your enhanced photos will be deleted on December 1, 2026');
    expect(many.text).toBe(
      [
        'Hi Maria,',
        '',
        'Your 5 enhanced photos from order ord_7 will be deleted on December 1, 2026, 90 days after they were delivered.',
        `Download them before then: ${link}`,
        '',
        'You can download your photos one by one or all at once as a zip. Deleted photos cannot be recovered; your ' +
          'order and receipt stay in your account.',
      ].join('\n'),
    );
    expectBranded(many.html);
    expect(words(many.html)).toContain(
      'Your 5 enhanced photos from order ord_7 will be deleted on December 1, 2026, 90 days after they were delivered.',
    );
    expect(words(many.html)).toContain('Download your photos');
    expect(hrefs(many.html)).toContain(link);

    const one = await renderEmail({ ...vars, photos: 1, deletedOn: 'December 1, 2026' });
    expect(one.text).toContain(
      'Your 1 enhanced photo from order ord_7 will be deleted on December 1, 2026, 90 days after it was delivered.\nDownload it before then:',
    );
    expect(words(one.html)).toContain('90 days after it was delivered. Download your photo');
  });

  it('refuses a relative link: a mail client has no page to resolve it against', async () => {
    await expect(renderEmail({ email: 'sign-in-link', link: '/auth/confirm#x' })).rejects.toThrow(/absolute/);
  });

  it('compiles each template once, however many emails it renders', async () => {
    for (let i = 0; i < 3; i++) await renderEmail({ email: 'sign-in-link', link: `${APP}/auth/confirm#n=${i}` });
    const compiles = jest
      .mocked(mjml2html)
      .mock.calls.filter(([source]) => String(source).includes('Sign in to ListingLens'));
    expect(compiles).toHaveLength(1);
  });
});
