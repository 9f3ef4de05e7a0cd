import { BRAND } from './layout';
import { type EmailTemplate } from './email-template';

export interface SignInLinkEmail {
  /** The single-use magic link. */
  link: string;
}

export const signInLinkTemplate: EmailTemplate<SignInLinkEmail> = {
  subject: () => 'Your ListingLens sign-in link',
  preview: () => 'Your sign-in link works once and expires in 15 minutes.',
  view: ({ link }) => ({ values: { link } }),
  body: `
        <mj-text>Hello,</mj-text>
        <mj-text>Use this link to sign in to ListingLens. It works once and expires in 15 minutes.</mj-text>
        <mj-button href="{{link}}">Sign in to ListingLens</mj-button>
        <mj-text font-size="14px" line-height="21px" color="${BRAND.muted}">
          If the button does not work, copy this link into your browser:<br />
          <a href="{{link}}" style="color:${BRAND.tealDark};word-break:break-all">{{link}}</a>
        </mj-text>
        <mj-text>If you did not ask to sign in, you can ignore this email.</mj-text>`,
  text: `Hello,

Use this link to sign in to ListingLens. It works once and expires in 15 minutes:

{{link}}

If you did not ask to sign in, you can ignore this email.
`,
};
