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
  /** Messages accepted so far (the server answered 250 to their DATA), in arrival order. */
  messages: ReceivedEmail[];
  /**
   * Messages whose client went away while the server held back its answer to their DATA (see `holdNext`): never
   * accepted, so not delivered, as SMTP has it (no 250, no delivery).
   */
  abandoned: ReceivedEmail[];
  /** Resolves once at least `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /**
   * Holds back for ever the final answer to the DATA of the next message whose subject matches: the sender waits
   * for an acceptance that never comes, as when a process is killed in the middle of a send.
   */
  holdNext(subject: RegExp): void;
  /** Resolves with the held message once it has arrived and is waiting for its answer. */
  waitForHeld(timeoutMs?: number): Promise<ReceivedEmail>;
  /** Resolves once the held message's client has gone away (it was killed) with the message it never delivered. */
  waitForAbandoned(timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

interface Held {
  sessionId: string;
  email: ReceivedEmail;
}

/** A real SMTP server (smtp-server) on a free port of 127.0.0.1 that keeps what it receives in memory. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedEmail[] = [];
  const abandoned: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  let holdSubject: RegExp | undefined;
  let held: Held | undefined;
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
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
        const email = { ...parseEmail(Buffer.concat(chunks).toString('utf8')), envelope: { from, to } };
        if (holdSubject?.test(email.subject)) {
          // No callback: the client waits for the 250 until it gives up or dies.
          holdSubject = undefined;
          held = { sessionId: session.id, email };
        } else {
          messages.push(email);
          callback();
        }
        wake();
      });
    },
    onClose(session) {
      if (held?.sessionId !== session.id) return;
      abandoned.push(held.email);
      held = undefined;
      wake();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  async function until<T>(what: () => string, value: () => T | undefined, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = value();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(what());
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    abandoned,
    async waitForMessages(count, timeoutMs = 5000) {
      await until(
        () => `Expected ${count} messages, got ${messages.length}`,
        () => (messages.length >= count ? true : undefined),
        timeoutMs,
      );
      return messages;
    },
    holdNext(subject) {
      holdSubject = subject;
    },
    waitForHeld: (timeoutMs = 30_000) =>
      until(
        () => 'No message held',
        () => held?.email,
        timeoutMs,
      ),
    waitForAbandoned: (timeoutMs = 10_000) =>
      until(
        () => 'The held message was not abandoned',
        () => (held ? undefined : abandoned.at(-1)),
        timeoutMs,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
