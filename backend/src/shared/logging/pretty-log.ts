import { type DestinationStream } from 'pino';
import pretty, { type PrettyOptions } from 'pino-pretty';

type Colors = Parameters<Extract<PrettyOptions['messageFormat'], (...args: never[]) => string>>[3]['colors'];

/**
 * Which lines a process writes: readable ones for a person at a terminal during development, JSON lines whenever
 * stdout goes anywhere else (a file, a pipe, a log shipper) and always in production. Without `production: false`
 * said outright, JSON.
 */
export function logFormat(production: boolean | undefined, stdout: { isTTY?: boolean }): 'pretty' | 'json' {
  return production === false && stdout.isTTY === true ? 'pretty' : 'json';
}

/**
 * The terminal stream: time, level and message on one line, in colour where the terminal has it (NO_COLOR and
 * FORCE_COLOR are honoured). Links a line carries (`links`: the outbox mailer's sign-in and order links) follow on
 * lines of their own, highlighted, so a developer can click them.
 */
export function prettyLogStream(
  options: { destination?: number | NodeJS.WritableStream; colorize?: boolean } = {},
): DestinationStream {
  return pretty({
    destination: options.destination ?? 1,
    // Synchronous like pino's own stdout writes: the line before a fatal exit is not lost.
    sync: true,
    ...(options.colorize === undefined ? {} : { colorize: options.colorize }),
    translateTime: 'SYS:HH:MM:ss.l',
    // Other fields stay off a terminal line (the message shows the useful ones); JSON lines keep them all.
    hideObject: true,
    ignore: 'pid,hostname,service',
    messageFormat: (log, messageKey, _levelLabel, { colors }) => formatMessage(log, messageKey, colors),
  });
}

function formatMessage(log: Record<string, unknown>, messageKey: string, colors: Colors): string {
  const parts: string[] = [];
  if (typeof log.context === 'string') parts.push(colors.gray(`[${clean(log.context)}]`));
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  if (req?.method && res?.statusCode !== undefined) {
    // pino-http's line: the request itself says more than "request completed".
    const time = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
    parts.push(`${clean(req.method)} ${clean(String(req.url))} ${res.statusCode}${time}`);
  } else {
    let msg = String(log[messageKey] ?? '');
    // A message that ends by listing its links shows them once, on the lines below.
    const listed = Array.isArray(log.links) && log.links.length ? ` links: ${log.links.join(' ')}` : undefined;
    if (listed && msg.endsWith(listed)) msg = msg.slice(0, -listed.length);
    parts.push(clean(msg));
  }
  if (typeof log.job === 'string') parts.push(colors.gray(`(${clean(log.job)} ${clean(String(log.jobId ?? ''))})`));

  let text = parts.join(' ');
  if (Array.isArray(log.links)) {
    for (const link of log.links)
      text += `\n    ${colors.bold(colors.green('→'))} ${colors.bold(colors.underline(clean(String(link))))}`;
  }
  const err = log.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? err.stack : typeof log.trace === 'string' ? log.trace : undefined;
  if (stack) text += `\n${colors.gray(indent(clean(stack, true)))}`;
  else if (typeof err?.message === 'string') text += ` ${colors.red(clean(err.message))}`;
  return text;
}

/** Text from requests and users reaches the terminal without its control characters (no escape sequences). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

function clean(text: string, keepNewlines = false): string {
  const stripped = text.replace(CONTROL, '');
  return keepNewlines ? stripped : stripped.replace(/\n/g, ' ');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
