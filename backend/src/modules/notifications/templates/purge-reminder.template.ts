import { type EmailTemplate, GREETING_TEXT } from './email-template';

export interface PurgeReminderEmail {
  name: string | null;
  /** Enhanced photos still stored. */
  photos: number;
  orderId: string;
  /** Already formatted, e.g. `December 1, 2026`. */
  deletedOn: string;
  retentionDays: number;
  /** The order's page, where its photos are downloaded. */
  link: string;
}

export const purgeReminderTemplate: EmailTemplate<PurgeReminderEmail> = {
  subject: ({ deletedOn }) => `Your enhanced photos will be deleted on ${deletedOn}`,
  preview: ({ deletedOn }) => `Download your photos before ${deletedOn}.`,
  view: (vars) => ({ values: { ...vars, one: vars.photos === 1 } }),
  body: `
        <mj-text>${GREETING_TEXT}</mj-text>
        <mj-text>Your {{photos}} enhanced photo{{#unless one}}s{{/unless}} from order {{orderId}} will be deleted on <strong>{{deletedOn}}</strong>, {{retentionDays}} days after {{#if one}}it was{{else}}they were{{/if}} delivered.</mj-text>
        <mj-button href="{{link}}">Download {{#if one}}your photo{{else}}your photos{{/if}}</mj-button>
        <mj-text>You can download your photos one by one or all at once as a zip. Deleted photos cannot be recovered; your order and receipt stay in your account.</mj-text>`,
  text: `${GREETING_TEXT}

Your {{photos}} enhanced photo{{#unless one}}s{{/unless}} from order {{orderId}} will be deleted on {{deletedOn}}, {{retentionDays}} days after {{#if one}}it was{{else}}they were{{/if}} delivered.
Download {{#if one}}it{{else}}them{{/if}} before then: {{link}}

You can download your photos one by one or all at once as a zip. Deleted photos cannot be recovered; your order and receipt stay in your account.`,
};
