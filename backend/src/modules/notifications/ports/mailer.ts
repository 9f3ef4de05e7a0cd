/**
 * An image shown inside the HTML body as `<img src="cid:…">`. Mail clients load these from the message itself,
 * so they show without a session cookie and without fetching anything remote.
 */
export interface InlineImage {
  /** Referenced from the HTML as `cid:<cid>`; unique within the message. */
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Only meaningful with `html`: the text part never refers to them. */
  inlineImages?: InlineImage[];
  replyTo?: string;
  /**
   * The message's `Message-ID` (`<id@domain>`). An owed email keeps one per order and kind, so a copy sent again
   * after a crash is the same message to the receiver; the adapter makes one up when absent.
   */
  messageId?: string;
}

/** Sends one email. The sender address is configuration (`MAIL_FROM`), not a caller's choice. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
