import { type MailMessage } from '../ports/mailer';

/** Nodemailer's shape for inline images, shared by both adapters so SMTP and the outbox carry them alike. */
export function inlineAttachments(message: MailMessage) {
  return message.inlineImages?.map(({ cid, filename, contentType, content }) => ({
    cid,
    filename,
    contentType,
    content,
    contentDisposition: 'inline' as const,
  }));
}
