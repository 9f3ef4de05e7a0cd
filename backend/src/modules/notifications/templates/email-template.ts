import { type InlineImage } from '../ports/mailer';

/**
 * One kind of email. `body` is MJML placed inside the shared layout; `body` and `text` are Handlebars templates over
 * what `view` returns. Handlebars escapes every `{{value}}` in the HTML (a host's name or a file name cannot add
 * markup); the text part is rendered without escaping, since it is not HTML.
 */
export interface EmailTemplate<Vars> {
  subject(vars: Vars): string;
  /** The line inboxes show after the subject. */
  preview(vars: Vars): string;
  body: string;
  text: string;
  view(vars: Vars): Promise<TemplateView> | TemplateView;
}

export interface TemplateView {
  values: Record<string, unknown>;
  inlineImages?: InlineImage[];
}

/** "Hi Maria," or "Hi," when the account has no name. */
export const GREETING_TEXT = 'Hi{{#if name}} {{name}}{{/if}},';
