import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenAddress } from '../domain/target-address';
import { localHostReason } from '../domain/webhook-rules';
import { type WebhookAttemptResult, type WebhookRequest, WebhookSender } from '../ports/webhook-sender';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution, replaceable in tests (a name that resolves to a chosen address). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface NodeHttpSenderOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  responseCapBytes: number;
  userAgent: string;
  resolve?: ResolveHost;
}

const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

class RefusedTarget extends Error {}

/**
 * Node's http/https clients with the SSRF rules: the host is resolved once, every address it resolves to must be
 * public (one private answer refuses the lot: a name cannot smuggle in a second address), and the socket connects
 * to the address that was checked, through a fixed `lookup`, so a second DNS answer (rebinding) is never asked for.
 * No redirect is followed, nothing is pooled, and at most `responseCapBytes` of the answer are read.
 */
export class NodeHttpWebhookSender extends WebhookSender {
  private readonly resolveHost: ResolveHost;

  constructor(private readonly options: NodeHttpSenderOptions) {
    super();
    this.resolveHost = options.resolve ?? systemResolve;
  }

  async refusal(url: URL): Promise<string | null> {
    if (this.options.allowPrivateTargets) return null;
    try {
      await this.target(url.hostname);
      return null;
    } catch (err) {
      // A name that does not resolve yet may be set up later; each delivery checks it again.
      return err instanceof RefusedTarget ? err.message : null;
    }
  }

  async send(request: WebhookRequest): Promise<WebhookAttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = new URL(request.url);
      const target = await this.target(url.hostname);
      const statusCode = await this.post(url, target, request);
      return { statusCode, error: describeStatus(statusCode), durationMs: elapsed() };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return {
        statusCode: null,
        error: err instanceof RefusedTarget ? `Refused: ${message}` : message,
        durationMs: elapsed(),
      };
    }
  }

  /** The one address to connect to, after checking every address the host stands for. */
  private async target(hostname: string): Promise<ResolvedAddress> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const allow = this.options.allowPrivateTargets;
    const local = allow ? null : localHostReason(host);
    if (local) throw new RefusedTarget(`${host} is ${local}`);
    if (isIP(host)) return { address: host, family: isIP(host) };
    let addresses: ResolvedAddress[];
    let timer: NodeJS.Timeout | undefined;
    try {
      // getaddrinfo cannot be cancelled; the attempt stops waiting for it instead.
      const slow = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), this.options.timeoutMs);
      });
      addresses = await Promise.race([this.resolveHost(host), slow]);
    } catch (err) {
      throw new Error(`${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? String(err)})`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new Error(`${host} could not be resolved`);
    if (!allow) {
      for (const { address } of addresses) {
        const reason = forbiddenAddress(address);
        if (reason) throw new RefusedTarget(`${host} resolves to ${address}, ${reason}`);
      }
    }
    return addresses[0];
  }

  private post(url: URL, target: ResolvedAddress, request: WebhookRequest): Promise<number> {
    const fixedLookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      let status: number | undefined;
      const finish = () => {
        clearTimeout(timer);
        req.destroy();
        if (status !== undefined) resolve(status);
      };
      const req = client.request(
        {
          method: 'POST',
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          headers: {
            ...request.headers,
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(request.body)),
            'User-Agent': this.options.userAgent,
          },
          lookup: fixedLookup,
          agent: false,
        },
        (res) => {
          status = res.statusCode ?? 0;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= this.options.responseCapBytes) finish();
          });
          res.on('end', finish);
          res.on('error', finish);
        },
      );
      const timer = setTimeout(() => {
        if (status !== undefined) return finish();
        req.destroy(new Error(`No answer within ${Math.round(this.options.timeoutMs / 1000)} s`));
      }, this.options.timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        if (status !== undefined) resolve(status);
        else reject(err);
      });
      req.end(request.body);
    });
  }
}

function describeStatus(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Answered ${status}: redirects are not followed`;
  return `Answered ${status}`;
}
