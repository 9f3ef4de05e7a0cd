import { MailerModule } from '@nestjs-modules/mailer';
import { DynamicModule, Global, Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/app-config';
import { OutboxMailer } from './adapters/outbox.mailer';
import { SmtpMailer } from './adapters/smtp.mailer';
import { Mailer } from './ports/mailer';

/**
 * Provides {@link Mailer}: SMTP when `SMTP_URL` is set, else the `.eml` outbox under `DATA_DIR/outbox`. The choice is
 * made at import time so the embedded default never loads MailerModule or opens a connection.
 */
@Global()
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (config.mail.smtpUrl) {
      return {
        module: NotificationsModule,
        imports: [
          MailerModule.forRootAsync({
            inject: [AppConfig],
            useFactory: (appConfig: AppConfig) => ({ transport: appConfig.mail.smtpUrl }),
          }),
        ],
        providers: [{ provide: Mailer, useClass: SmtpMailer }],
        exports: [Mailer],
      };
    }
    return {
      module: NotificationsModule,
      providers: [
        {
          provide: Mailer,
          inject: [AppConfig],
          useFactory: (appConfig: AppConfig) =>
            new OutboxMailer(path.join(appConfig.dataDir, 'outbox'), appConfig.mail.from),
        },
      ],
      exports: [Mailer],
    };
  }
}
