export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends one email. The sender address is configuration (`MAIL_FROM`), not a caller's choice. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
