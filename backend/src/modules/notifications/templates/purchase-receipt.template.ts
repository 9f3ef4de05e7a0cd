import { BRAND } from './layout';
import { type EmailTemplate, GREETING_TEXT } from './email-template';

export interface PurchaseReceiptEmail {
  name: string | null;
  packageName: string;
  photos: number;
  /** Already formatted, e.g. `$49`. */
  price: string;
  orderId: string;
  /** Where the host uploads the order's photos. */
  link: string;
}

export const purchaseReceiptTemplate: EmailTemplate<PurchaseReceiptEmail> = {
  subject: ({ packageName }) => `Your ${packageName} package is active`,
  preview: ({ packageName, photos }) => `Your ${packageName} package (${photos} photos) is ready for your uploads.`,
  view: (vars) => ({ values: { ...vars } }),
  body: `
        <mj-text>${GREETING_TEXT}</mj-text>
        <mj-text>Thank you for your purchase. Your {{packageName}} package ({{photos}} photos, {{price}}, one-time) is now active.</mj-text>
        <mj-table container-background-color="${BRAND.tint}" cellpadding="0" padding="0">
          <tr><td style="padding:12px 16px 4px 16px;color:${BRAND.muted}">Package</td><td style="padding:12px 16px 4px 16px;text-align:right;font-weight:600">{{packageName}}</td></tr>
          <tr><td style="padding:4px 16px;color:${BRAND.muted}">Photos</td><td style="padding:4px 16px;text-align:right;font-weight:600">{{photos}}</td></tr>
          <tr><td style="padding:4px 16px;color:${BRAND.muted}">Paid, one-time</td><td style="padding:4px 16px;text-align:right;font-weight:600">{{price}}</td></tr>
          <tr><td style="padding:4px 16px 12px 16px;color:${BRAND.muted}">Order</td><td style="padding:4px 16px 12px 16px;text-align:right;font-family:monospace;word-break:break-all">{{orderId}}</td></tr>
        </mj-table>
        <mj-spacer height="16px" />
        <mj-button href="{{link}}">Upload your photos</mj-button>
        <mj-text>Enhanced photos are kept for 90 days after delivery.</mj-text>`,
  text: `${GREETING_TEXT}

Thank you for your purchase. Your {{packageName}} package ({{photos}} photos, {{price}}, one-time) is now active.
Order: {{orderId}}

Upload your photos here: {{link}}

Enhanced photos are kept for 90 days after delivery.`,
};
