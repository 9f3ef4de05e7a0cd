/**
 * The frame every email shares: a dark header with the ListingLens mark, a white card for the message and a footer
 * line. Colours are the app's: slate-900 header, teal-600 mark, teal-700 buttons and links (5.5:1 under white text).
 * No remote images: the mark is drawn with table cells, so it shows even where images are blocked.
 */
export const BRAND = {
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  teal: '#0d9488',
  tealDark: '#0f766e',
  tint: '#f0fdfa',
  page: '#f1f5f9',
} as const;

const FONT = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif`;

/** Where each template's MJML goes (replaced before MJML compiles the whole). */
export const BODY_SLOT = '<!-- body -->';

/** `subject`, `preview`, `home` and `homeLabel` are filled per email. */
export const LAYOUT = `<mjml lang="en">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{preview}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${BRAND.text}" font-size="16px" line-height="24px" padding="0 0 16px 0" />
      <mj-button background-color="${BRAND.tealDark}" color="#ffffff" font-size="16px" font-weight="600"
        border-radius="8px" inner-padding="14px 28px" padding="8px 0 24px 0" align="left" />
      <mj-table color="${BRAND.text}" font-size="15px" line-height="22px" padding="0 0 16px 0" />
    </mj-attributes>
    <mj-style>
      a { color: ${BRAND.tealDark}; }
      .thumb img { border-radius: 6px; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${BRAND.page}" width="600px">
    <mj-section padding="24px 0 0 0"></mj-section>
    <mj-section background-color="${BRAND.ink}" padding="18px 24px" border-radius="12px 12px 0 0">
      <mj-column>
        <mj-text padding="0">
          <a href="{{home}}" style="text-decoration:none;color:#ffffff">
            <table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:separate">
              <tr>
                <td width="28" height="28" align="center" valign="middle"
                  style="width:28px;height:28px;background:${BRAND.teal};border-radius:7px">
                  <div style="width:12px;height:12px;border:2px solid #ffffff;border-radius:50%;margin:0 auto"></div>
                </td>
                <td style="padding-left:10px;font-size:20px;font-weight:700;color:#ffffff;letter-spacing:-0.2px">ListingLens</td>
              </tr>
            </table>
          </a>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 24px 12px 24px" border-radius="0 0 12px 12px">
      <mj-column>
${BODY_SLOT}
      </mj-column>
    </mj-section>
    <mj-section padding="20px 24px 32px 24px">
      <mj-column>
        <mj-text font-size="13px" line-height="20px" color="${BRAND.muted}" align="center" padding="0">
          ListingLens · Bright, bookable listing photos from the phone in your pocket.<br />
          <a href="{{home}}" style="color:${BRAND.muted}">{{homeLabel}}</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
