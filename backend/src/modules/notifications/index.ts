/**
 * What other modules use from notifications: the Mailer port (adapter chosen by NotificationsModule.forRoot) and
 * renderEmail, which turns each of the emails a host receives into subject, text and branded HTML.
 */
export { NotificationsModule } from './notifications.module';
export { Mailer, type InlineImage, type MailMessage } from './ports/mailer';
export { type Email, type EmailName, renderEmail, type RenderedEmail } from './application/render-email';
export { PHOTOS_READY_THUMBNAILS } from './templates/photos-ready.template';
