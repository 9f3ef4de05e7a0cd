import sharp from 'sharp';
import { type InlineImage } from '../ports/mailer';
import { BRAND } from './layout';
import { type EmailTemplate, GREETING_TEXT } from './email-template';

/** Thumbnails shown in the email at most; the rest are a click away in the gallery. */
export const PHOTOS_READY_THUMBNAILS = 6;
const COLUMNS = 3;
/** Twice the displayed 176 × 132 px, for sharp screens; a JPEG of this size is about 10-25 kB. */
const THUMB = { width: 352, height: 264, quality: 72 } as const;

export interface PhotosReadyEmail {
  name: string | null;
  delivered: number;
  failed: number;
  /** The order's gallery. */
  link: string;
  supportEmail: string;
  /** Some of the delivered photos (any image sharp reads; the stored WebP thumbnails), in order. */
  thumbnails: { name: string | null; image: Buffer }[];
}

export const photosReadyTemplate: EmailTemplate<PhotosReadyEmail> = {
  subject: () => 'Your enhanced photos are ready',
  preview: ({ delivered }) =>
    `${delivered} enhanced photo${delivered === 1 ? ' is' : 's are'} ready to view and download.`,
  async view(vars) {
    const shown = vars.thumbnails.slice(0, PHOTOS_READY_THUMBNAILS);
    // JPEG, not the stored WebP: several desktop mail clients do not show WebP.
    const inlineImages: InlineImage[] = await Promise.all(
      shown.map(async ({ image }, i) => ({
        cid: `photo-${i + 1}@listinglens`,
        filename: `photo-${i + 1}.jpg`,
        contentType: 'image/jpeg',
        content: await sharp(image)
          .resize(THUMB.width, THUMB.height, { fit: 'cover' })
          .jpeg({ quality: THUMB.quality, mozjpeg: true })
          .toBuffer(),
      })),
    );
    const cells = inlineImages.map(({ cid }, i) => ({ cid, alt: shown[i].name ?? `Photo ${i + 1}` }));
    const rows: (typeof cells)[] = [];
    for (let i = 0; i < cells.length; i += COLUMNS) rows.push(cells.slice(i, i + COLUMNS));
    const more = vars.delivered - cells.length;
    return {
      values: {
        ...vars,
        one: vars.delivered === 1,
        oneFailed: vars.failed === 1,
        rows,
        more: cells.length > 0 && more > 0 ? more : 0,
      },
      inlineImages,
    };
  },
  body: `
        <mj-text>${GREETING_TEXT}</mj-text>
        <mj-text>Your {{delivered}} enhanced photo{{#if one}} is{{else}}s are{{/if}} ready.</mj-text>
        <mj-raw>{{#if rows.length}}</mj-raw>
        <mj-text padding="0 0 12px 0" css-class="thumbs">
          <table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;table-layout:fixed">
            {{#each rows}}
            <tr>
              {{#each this}}
              <td width="33%" style="padding:4px" valign="top"><a href="{{@root.link}}"><img src="cid:{{cid}}" alt="{{alt}}" title="{{alt}}" width="176" style="display:block;width:100%;max-width:176px;height:auto;border:0;border-radius:6px;background:${BRAND.page}" /></a></td>
              {{/each}}
            </tr>
            {{/each}}
          </table>
        </mj-text>
        <mj-raw>{{#if more}}</mj-raw>
        <mj-text font-size="14px" color="${BRAND.muted}">…and {{more}} more in your gallery.</mj-text>
        <mj-raw>{{/if}}{{/if}}</mj-raw>
        <mj-button href="{{link}}">View and download your photos</mj-button>
        <mj-text>You can download them one by one or all at once as a zip. They are kept for 90 days.</mj-text>
        <mj-raw>{{#if failed}}</mj-raw>
        <mj-text container-background-color="#fffbeb" padding="12px 16px" font-size="15px" line-height="22px">{{failed}} photo{{#unless oneFailed}}s{{/unless}} could not be enhanced; our team has been told and will be in touch. You can also reply to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</mj-text>
        <mj-spacer height="16px" />
        <mj-raw>{{/if}}</mj-raw>`,
  text: `${GREETING_TEXT}

Your {{delivered}} enhanced photo{{#if one}} is{{else}}s are{{/if}} ready.
View and download them here: {{link}}

You can download them one by one or all at once as a zip. They are kept for 90 days.{{#if failed}}

{{failed}} photo{{#unless oneFailed}}s{{/unless}} could not be enhanced; our team has been told and will be in touch. You can also reply to {{supportEmail}}.{{/if}}`,
};
