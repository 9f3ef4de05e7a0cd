/** What other modules use from notifications: the Mailer port (adapter chosen by NotificationsModule.forRoot). */
export { NotificationsModule } from './notifications.module';
export { Mailer, type MailMessage } from './ports/mailer';
