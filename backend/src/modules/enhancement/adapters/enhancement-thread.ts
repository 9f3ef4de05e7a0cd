import { parentPort, workerData } from 'node:worker_threads';
import {
  isEnhancementError,
  type EnhancementErrorCode,
  type EnhanceResult,
  type HarmonisedOutputs,
} from '@listinglens/engine';
import type { EnhancementRequest, HarmonisationRequest } from '../ports/enhancement-model';
import { InProcessEnhancementModel, type InProcessEnhancementModelOptions } from './in-process.enhancement-model';

/**
 * Worker thread of WorkerThreadEnhancementModel: the whole engine (decode, the rendering, encode)
 * runs here, and the model pools it starts are this thread's children, so the process's event loop never waits on
 * a photo.
 */
export type ThreadRequest =
  | { id: number; input: Uint8Array | readonly Uint8Array[]; options: EnhancementRequest }
  | { id: number; harmonise: Uint8Array; request: HarmonisationRequest }
  | { close: true };
export type ThreadReply =
  | { id: number; result: EnhanceResult | HarmonisedOutputs }
  | { id: number; error: { code?: EnhancementErrorCode; message: string } };

/** Buffers arrive from the other thread as plain Uint8Arrays (structured clone); the engine takes Buffers. */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const port = parentPort;
if (port) {
  const model = new InProcessEnhancementModel(workerData as InProcessEnhancementModelOptions);
  port.on('message', (request: ThreadRequest) => {
    if ('close' in request) {
      // Closing the model stops its pools; closing the port lets this thread end on its own.
      void model.close().finally(() => port.close());
      return;
    }
    const work: Promise<EnhanceResult | HarmonisedOutputs> =
      'harmonise' in request
        ? model.harmonise(asBuffer(request.harmonise), request.request)
        : model.enhance(
            Array.isArray(request.input) ? request.input.map(asBuffer) : asBuffer(request.input as Uint8Array),
            request.options,
          );
    work.then(
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
