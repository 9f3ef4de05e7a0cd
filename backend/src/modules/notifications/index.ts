/**
 * What other modules use from notifications: the Mailer port (adapter chosen by NotificationsModule), renderEmail,
 * which turns each of the emails a host receives into subject, text and branded HTML, and SendOwedEmail
 * (OwedEmailsModule), which sends an email an order is owed at least once (leased, with a stable Message-ID).
 */
export { NotificationsModule, OwedEmailsModule } from './notifications.module';
export { Mailer, type InlineImage, type MailMessage } from './ports/mailer';
export { type Email, type EmailName, renderEmail, type RenderedEmail } from './application/render-email';
export { type OwedEmailContent, SendOwedEmail } from './application/send-owed-email.use-case';
export { type OwedEmailKind } from './domain/owed-email';
export { PHOTOS_READY_THUMBNAILS } from './templates/photos-ready.template';
