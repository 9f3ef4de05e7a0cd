import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { Mailer, MailMessage } from '../ports/mailer';
import { inlineAttachments } from './inline-attachments';

const LINK = /https?:\/\/[^\s<>"'`]+/g;

/**
 * The embedded default: each message becomes a complete RFC 822 file, `<timestamp>-<random>.eml` under the outbox
 * folder, openable in any mail client; the log line carries the links so a developer can follow a magic link or a
 * "your photos are ready" mail without opening the file.
 */
export class OutboxMailer extends Mailer {
  private readonly logger = new Logger(OutboxMailer.name);

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const raw = await new MailComposer({
      from: this.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: inlineAttachments(message),
      messageId: message.messageId,
    })
      .compile()
      .build();

    await fs.mkdir(this.dir, { recursive: true });
    const name = `${timestamp(new Date())}-${randomBytes(4).toString('hex')}.eml`;
    // Written under a name that is not `*.eml` and then renamed, so whoever reads the outbox never sees half a mail.
    const tmp = path.join(this.dir, `.${name}.tmp`);
    try {
      await fs.writeFile(tmp, raw, { flag: 'wx' });
      await fs.rename(tmp, path.join(this.dir, name));
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }

    const links = linksIn(message.text);
    // The links also as a field: a terminal shows each on a highlighted line of its own (shared/logging/pretty-log).
    this.logger.log({
      msg: `Mail to ${message.to}: "${message.subject}" (${name})${links.length ? ` links: ${links.join(' ')}` : ''}`,
      links,
    });
  }
}

/** Sortable and filesystem-safe: 20261122T013005123Z. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

function linksIn(text: string): string[] {
  // Sentence punctuation right after a link belongs to the sentence, not the URL.
  return [...new Set((text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, '')))];
}
