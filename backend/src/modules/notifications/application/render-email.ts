import Handlebars from 'handlebars';
import mjml2html from 'mjml';
import { type InlineImage } from '../ports/mailer';
import { type EmailTemplate } from '../templates/email-template';
import { BODY_SLOT, LAYOUT } from '../templates/layout';
import { type PhotosReadyEmail, photosReadyTemplate } from '../templates/photos-ready.template';
import { type PurchaseReceiptEmail, purchaseReceiptTemplate } from '../templates/purchase-receipt.template';
import { type PurgeReminderEmail, purgeReminderTemplate } from '../templates/purge-reminder.template';
import { type SignInLinkEmail, signInLinkTemplate } from '../templates/sign-in-link.template';

const TEMPLATES = {
  'sign-in-link': signInLinkTemplate,
  'purchase-receipt': purchaseReceiptTemplate,
  'photos-ready': photosReadyTemplate,
  'purge-reminder': purgeReminderTemplate,
} as const;

export type EmailName = keyof typeof TEMPLATES;

/** What each email needs, by name: `renderEmail({ email: 'sign-in-link', link })`. */
export type Email =
  | ({ email: 'sign-in-link' } & SignInLinkEmail)
  | ({ email: 'purchase-receipt' } & PurchaseReceiptEmail)
  | ({ email: 'photos-ready' } & PhotosReadyEmail)
  | ({ email: 'purge-reminder' } & PurgeReminderEmail);

/** Everything of a MailMessage but the recipient. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  inlineImages: InlineImage[];
}

interface Compiled {
  html: Handlebars.TemplateDelegate;
  text: Handlebars.TemplateDelegate;
}

// An isolated instance: no helpers or partials registered elsewhere can change what our templates do.
const handlebars = Handlebars.create();
// MJML takes tens of milliseconds per template, so each is compiled once per process, on first use.
const compiled = new Map<EmailName, Promise<Compiled>>();

/** Subject, plain text and branded HTML (with any inline images) of one email. */
export async function renderEmail(input: Email): Promise<RenderedEmail> {
  const { email, ...vars } = input;
  const template = TEMPLATES[email] as EmailTemplate<typeof vars>;
  if (!/^https?:\/\//.test(input.link)) throw new Error(`Email links must be absolute, got ${input.link}`);
  const { values, inlineImages = [] } = await template.view(vars);
  const subject = template.subject(vars);
  const home = new URL(input.link).origin;
  const context = {
    ...values,
    subject,
    preview: template.preview(vars),
    home: `${home}/`,
    homeLabel: new URL(input.link).host,
  };
  const { html, text } = await compile(email);
  return { subject, text: text(context), html: html(context), inlineImages };
}

function compile(name: EmailName): Promise<Compiled> {
  let entry = compiled.get(name);
  if (!entry) {
    entry = compileTemplate(TEMPLATES[name] as EmailTemplate<unknown>);
    compiled.set(name, entry);
    // A failed compile is not cached, so the next email tries again (and reports the error again).
    entry.catch(() => compiled.delete(name));
  }
  return entry;
}

async function compileTemplate(template: EmailTemplate<unknown>): Promise<Compiled> {
  // mjml 5 returns a promise; its published types (4.x) say a plain result, hence Promise.resolve.
  const result = await Promise.resolve(
    mjml2html(LAYOUT.replace(BODY_SLOT, template.body), {
      validationLevel: 'strict',
      keepComments: false,
      // MJML would link Google Fonts for "Roboto" in the font stack: no remote resources, system fonts only.
      fonts: {},
    }),
  );
  return {
    // strict: a value missing from the view is an error, never a silently empty sentence.
    html: handlebars.compile(result.html, { strict: true }),
    text: handlebars.compile(template.text, { strict: true, noEscape: true }),
  };
}
