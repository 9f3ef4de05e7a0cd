import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import sharp from 'sharp';
import { type Email, renderEmail, type RenderedEmail } from '../modules/notifications';

const APP = 'https://app.listinglens.example';
const ORDER = 'ord_8f3k2m9q';
// Committed example rooms (Dollar Street, CC BY 4.0; credits in backend/test/fixtures/photos/NOTICE.md).
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'backend', 'test', 'fixtures', 'photos');

/** One example of each email a host receives, with made-up values. */
async function samples(): Promise<Record<string, Email>> {
  const photos = (await fs.readdir(FIXTURES)).filter((f) => f.endsWith('.jpg')).sort();
  const thumbnails = await Promise.all(
    photos.map(async (file) => ({ name: file, image: await fs.readFile(path.join(FIXTURES, file)) })),
  );
  return {
    'sign-in-link': {
      email: 'sign-in-link',
      link: `${APP}/auth/confirm#access_token=Xq3v9LmP2sT8wZ4kR7yB1nC6dF0gH5jK&refresh_token=aB3cD4eF5gH6&type=magiclink`,
    },
    'purchase-receipt': {
      email: 'purchase-receipt',
      name: 'Maria',
      packageName: 'Standard',
      photos: 25,
      price: '$49',
      orderId: ORDER,
      link: `${APP}/order?order=${ORDER}`,
    },
    'photos-ready': {
      email: 'photos-ready',
      name: 'Maria',
      delivered: thumbnails.length,
      failed: 0,
      link: `${APP}/gallery?order=${ORDER}`,
      supportEmail: 'support@listinglens.example',
      thumbnails,
    },
    'purge-reminder': {
      email: 'purge-reminder',
      name: 'Maria',
      photos: 12,
      orderId: ORDER,
      deletedOn: 'February 22, 2027',
      retentionDays: 90,
      link: `${APP}/order?order=${ORDER}`,
    },
  };
}

function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

/** The HTML as a browser can show it: inline images (`cid:`) become data URLs. */
function browsable(email: RenderedEmail): string {
  return email.inlineImages.reduce(
    (html, image) =>
      html.split(`cid:${image.cid}`).join(`data:${image.contentType};base64,${image.content.toString('base64')}`),
    email.html,
  );
}

/**
 * `npm run emails:preview [-- folder] [--screenshots]`: writes each email as `<name>.html` (open in a browser),
 * `<name>.txt` and `<name>.eml` (open in a mail client) to a folder (default: a temp folder); with `--screenshots`, also PNGs at 390 and 1440 px into
 * docs/images/emails (needs Chromium at /usr/bin/chromium and the dev dependencies).
 */
async function main(args: string[]): Promise<void> {
  const out = args.find((a) => !a.startsWith('--')) ?? path.join(os.tmpdir(), 'listinglens-emails');
  await fs.mkdir(out, { recursive: true });
  const rendered: [string, RenderedEmail][] = [];
  for (const [name, email] of Object.entries(await samples())) {
    const mail = await renderEmail(email);
    rendered.push([name, mail]);
    await fs.writeFile(path.join(out, `${name}.html`), browsable(mail));
    await fs.writeFile(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    // The whole message as the outbox writes it: what a mail client opens, and its size on the wire.
    const eml = await new MailComposer({
      from: 'ListingLens <no-reply@listinglens.example>',
      to: 'maria@example.com',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.inlineImages.map((image) => ({ ...image, contentDisposition: 'inline' as const })),
    })
      .compile()
      .build();
    await fs.writeFile(path.join(out, `${name}.eml`), eml);
    const images = mail.inlineImages.reduce((sum, image) => sum + image.content.length, 0);
    process.stdout.write(
      `${name}: "${mail.subject}", message ${kB(eml.length)} (html ${kB(Buffer.byteLength(mail.html))}, ` +
        `text ${mail.text.length} B, ${mail.inlineImages.length} inline image(s) ${kB(images)})\n`,
    );
  }
  process.stdout.write(`Wrote the previews to ${out}\n`);
  if (args.includes('--screenshots'))
    await screenshots(
      out,
      rendered.map(([name]) => name),
    );
}

async function screenshots(out: string, names: string[]): Promise<void> {
  // A dev dependency, loaded only here: the built app never needs a browser.
  const { chromium } = await import('playwright-core');
  const target = path.resolve(__dirname, '..', '..', '..', 'docs', 'images', 'emails');
  await fs.mkdir(target, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    for (const width of [390, 1440]) {
      // A short viewport: the full-page shot is then as tall as the email, not the window.
      const page = await browser.newPage({ viewport: { width, height: 200 } });
      for (const name of names) {
        await page.goto(`file://${path.join(out, `${name}.html`)}`);
        const file = path.join(target, `${name}-${width}.png`);
        // A 256-colour palette keeps the committed PNGs small; the photos stay recognisable.
        const shot = await page.screenshot({ fullPage: true });
        await fs.writeFile(file, await sharp(shot).png({ palette: true, quality: 80, effort: 10 }).toBuffer());
        process.stdout.write(`Wrote ${file}\n`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
