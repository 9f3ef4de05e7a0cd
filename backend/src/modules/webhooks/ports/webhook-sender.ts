export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** How one attempt ended: the receiver's status code, or why there was none (refused, unreachable, too slow). */
export interface WebhookAttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Sends signed deliveries over HTTP to the public internet only (unless the operator allows private targets): the
 * host is resolved, every address checked, and the connection made to the checked address.
 */
export abstract class WebhookSender {
  /** Why this URL's host may not be called, as far as can be told now ("a loopback address"), or null. */
  abstract refusal(url: URL): Promise<string | null>;
  /** One POST; never throws for anything the receiver or the network does. */
  abstract send(request: WebhookRequest): Promise<WebhookAttemptResult>;
}
