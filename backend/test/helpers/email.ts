/**
 * A small RFC 822 / MIME reader for tests: enough for what our mailers produce (plain, or multipart/alternative with
 * multipart/related inline images; quoted-printable, base64 or 7bit parts, RFC 2047 encoded headers). mailparser is
 * not a dependency.
 */
export interface ParsedEmail {
  /** Header names lower-cased, values unfolded and decoded; the first occurrence wins. */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  replyTo?: string;
  text: string;
  html?: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
  /** Parts with a Content-ID (the HTML's `cid:` images), decoded. */
  inlineImages: { cid: string; contentType: string; disposition: string; content: Buffer }[];
  /** Every multipart type met, outermost first: `['multipart/alternative', 'multipart/related']`. */
  multiparts: string[];
  raw: string;
}

interface LeafPart {
  type: string;
  headers: Record<string, string>;
  bytes: Buffer;
  content: string;
}

export function parseEmail(raw: string): ParsedEmail {
  const { headers, body } = splitEntity(raw);
  const multiparts: string[] = [];
  const parts = leafParts(headers, body, multiparts);
  const text = parts.find((p) => p.type === 'text/plain')?.content ?? '';
  return {
    headers,
    from: headers['from'] ?? '',
    to: headers['to'] ?? '',
    subject: headers['subject'] ?? '',
    replyTo: headers['reply-to'],
    text,
    html: parts.find((p) => p.type === 'text/html')?.content,
    links: (text.match(/https?:\/\/[^\s<>"'`]+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, '')),
    inlineImages: parts
      .filter((p) => p.headers['content-id'])
      .map((p) => ({
        cid: p.headers['content-id'].replace(/^<|>$/g, ''),
        contentType: p.type,
        disposition: (p.headers['content-disposition'] ?? '').split(';')[0].trim(),
        content: p.bytes,
      })),
    multiparts,
    raw,
  };
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string, multiparts: string[]): LeafPart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    multiparts.push(type);
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const part = splitEntity(section.replace(/^\n/, ''));
        return leafParts(part.headers, part.body.replace(/\n$/, ''), multiparts);
      });
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = decodeBody(body, encoding);
  return [{ type, headers, bytes, content: bytes.toString('utf8') }];
}

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  return Buffer.from(body, 'utf8');
}

export function decodeQuotedPrintable(input: string): string {
  const withoutSoftBreaks = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (withoutSoftBreaks[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(withoutSoftBreaks[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 `=?utf-8?Q?...?=` / `=?utf-8?B?...?=`; whitespace between adjacent encoded words is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
