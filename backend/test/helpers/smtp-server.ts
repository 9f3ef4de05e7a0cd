import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseEmail, ParsedEmail } from './email';

export interface ReceivedEmail extends ParsedEmail {
  /** SMTP envelope, which is what actually routes the message (headers can say anything). */
  envelope: { from: string; to: string[] };
}

export interface TestSmtpServer {
  /** For `SMTP_URL`: plain SMTP on 127.0.0.1, no TLS, no authentication. */
  url: string;
  /** Messages accepted so far, in arrival order. */
  messages: ReceivedEmail[];
  /** Resolves once at least `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free port of 127.0.0.1 that keeps what it receives in memory. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        messages.push({ ...parseEmail(Buffer.concat(chunks).toString('utf8')), envelope: { from, to } });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessages(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
