import { type ServerResponse } from 'node:http';

/** Responses this process cut itself (a stream that failed after its headers went out), not the client. */
const cutByServer = new WeakSet<ServerResponse>();

/** What a write or a pipeline into a response throws once the client has closed the connection. */
const CONNECTION_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE']);

/** Ends a response whose headers are sent by cutting the connection, so the client sees an incomplete download. */
export function cutResponse(res: ServerResponse): void {
  cutByServer.add(res);
  res.destroy();
}

/**
 * Whether the client closed the connection before the response was complete: a browser that stops loading an image
 * (a page left, a gallery scrolled past), a cancelled download. Routine, and nothing on the server failed.
 */
export function clientWentAway(res: ServerResponse): boolean {
  return res.destroyed && !res.writableFinished && !cutByServer.has(res);
}

/** Whether `error` is only the echo of a client that went away from `res`, rather than a failure of ours. */
export function isClientAbort(error: unknown, res: ServerResponse): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_GONE.has(code) && clientWentAway(res);
}
