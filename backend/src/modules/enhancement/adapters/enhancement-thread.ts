import { parentPort, workerData } from 'node:worker_threads';
import { isEnhancementError, type EnhancementErrorCode, type EnhanceResult } from '../engine';
import type { EnhancementRequest } from '../ports/enhancement-model';
import { InProcessEnhancementModel, type InProcessEnhancementModelOptions } from './in-process.enhancement-model';

/**
 * Worker thread of WorkerThreadEnhancementModel: the whole engine (decode, classical stages, LUT fitting, encode)
 * runs here, and the model pools it starts are this thread's children, so the process's event loop never waits on
 * a photo.
 */
export type ThreadRequest = { id: number; input: Uint8Array; options: EnhancementRequest } | { close: true };
export type ThreadReply =
  { id: number; result: EnhanceResult } | { id: number; error: { code?: EnhancementErrorCode; message: string } };

const port = parentPort;
if (port) {
  const model = new InProcessEnhancementModel(workerData as InProcessEnhancementModelOptions);
  port.on('message', (request: ThreadRequest) => {
    if ('close' in request) {
      // Closing the model stops its pools; closing the port lets this thread end on its own.
      void model.close().finally(() => port.close());
      return;
    }
    const input = Buffer.from(request.input.buffer, request.input.byteOffset, request.input.byteLength);
    model.enhance(input, request.options).then(
      // Copied, not transferred: a Buffer may be a view on a shared pool, and a few MB copy in about a millisecond.
      (result) => port.postMessage({ id: request.id, result } satisfies ThreadReply),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({
          id: request.id,
          error: isEnhancementError(error) ? { code: error.code, message } : { message },
        } satisfies ThreadReply);
      },
    );
  });
}
