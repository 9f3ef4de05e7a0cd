import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors/app-error';
import { forbiddenAddress } from './target-address';

/** The events an integrator can subscribe to; each is one of the in-process domain events of the same name. */
export const WEBHOOK_EVENT_TYPES = ['order.completed', 'photo.completed', 'photo.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const MAX_ENDPOINTS_PER_KEY = 10;
export const MAX_URL_LENGTH = 2048;
/** HTTP attempts of one delivery: with the default 30 s base, the last is about 4 hours after the first. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** How long one attempt may take, connection included; receivers should answer first and work afterwards. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer we read (and then drop): enough to see it answered, never a flood. */
export const RESPONSE_BODY_CAP_BYTES = 4096;
/** Deliveries listed per endpoint, newest first. */
export const DELIVERY_LOG_LIMIT = 50;

/** Wait before attempt `next` (2, 3, ...): base, 2·base, 4·base ... */
export function retryDelayMs(baseMs: number, next: number): number {
  return baseMs * 2 ** Math.max(0, next - 2);
}

/** Whether a path id can name a row at all (larger numbers would overflow the integer column). */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export const endpointNotFound = () =>
  new NotFoundError('WEBHOOK_ENDPOINT_NOT_FOUND', 'This webhook endpoint does not exist.');

export const tooManyEndpoints = () =>
  new ConflictError(
    'WEBHOOK_ENDPOINT_LIMIT',
    `An API key can have at most ${MAX_ENDPOINTS_PER_KEY} webhook endpoints. Delete one before adding another.`,
  );

const invalidUrl = (message: string) => new BadRequestError('WEBHOOK_URL_INVALID', message);

export interface UrlPolicy {
  /** Production without private targets allowed: https only. */
  httpsOnly: boolean;
  allowPrivateTargets: boolean;
}

/**
 * The endpoint URL as we will store and call it, or a BadRequestError saying what is wrong with it. Literal
 * addresses and names that are always local are refused here; names are resolved and checked again at each delivery.
 */
export function checkEndpointUrl(raw: string, policy: UrlPolicy): URL {
  if (raw.length > MAX_URL_LENGTH) throw invalidUrl(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('Please give a full URL, like https://example.com/listinglens/webhooks.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalidUrl('Webhook URLs must start with https:// (or http:// where the operator allows it).');
  if (url.protocol === 'http:' && policy.httpsOnly) throw invalidUrl('Webhook URLs must use https://.');
  if (url.username || url.password) throw invalidUrl('Webhook URLs may not contain a user name or password.');
  url.hash = '';
  if (!policy.allowPrivateTargets) {
    const reason = localHostReason(url.hostname);
    if (reason) throw privateTarget(url.hostname, reason);
  }
  return url;
}

export const privateTarget = (host: string, reason: string) =>
  new BadRequestError(
    'WEBHOOK_URL_PRIVATE',
    `Webhooks cannot be sent to ${host.replace(/^\[|\]$/g, '')}: it is ${reason}. Use an address on the public internet.`,
  );

/** Why a URL's host is certainly not on the public internet, before any name lookup; null when it may be. */
export function localHostReason(hostname: string): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback address';
  const reason = forbiddenAddress(host);
  return reason === 'not an IP address' ? null : reason;
}
