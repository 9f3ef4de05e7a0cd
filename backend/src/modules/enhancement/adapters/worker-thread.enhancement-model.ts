import { Injectable } from '@nestjs/common';
import type { Worker } from 'node:worker_threads';
import { ENGINE_VERSION, EnhancementError, type HarmonisedOutputs, spawnWorker } from '@listinglens/engine';
import {
  EnhancementModel,
  type EnhancementInput,
  type EnhancementRequest,
  type EnhancementResult,
  type HarmonisationRequest,
} from '../ports/enhancement-model';
import type { ThreadReply, ThreadRequest } from './enhancement-thread';
import type { InProcessEnhancementModelOptions } from './in-process.enhancement-model';

interface Pending {
  resolve: (result: EnhancementResult | HarmonisedOutputs) => void;
  reject: (error: Error) => void;
}

/** How long close() waits for the thread to stop its model pools before terminating it. */
const CLOSE_TIMEOUT_MS = 5000;

/**
 * Runs InProcessEnhancementModel in one worker thread. The engine's stages are synchronous pixel loops (about a
 * second on 12 MP, up to 2.6 s of one stretch with the LUT fit under load): on the main thread every HTTP request
 * and queue heartbeat of the process waits behind them, which matters most in the one-process default. The thread
 * starts with the first photo and is started again after a crash; a crash fails the photos in flight with
 * MODEL_FAILED, which the job retries.
 */
@Injectable()
export class WorkerThreadEnhancementModel extends EnhancementModel {
  readonly version = ENGINE_VERSION;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: InProcessEnhancementModelOptions = {}) {
    super();
  }

  async enhance(input: EnhancementInput, options: EnhancementRequest = {}): Promise<EnhancementResult> {
    const result = (await this.send((id) => ({ id, input, options }))) as EnhancementResult;
    return { ...result, ...buffers(result, ['image', 'preview', 'thumbnail', 'beforePreview']) };
  }

  async harmonise(enhanced: Buffer, request: HarmonisationRequest): Promise<HarmonisedOutputs> {
    const result = (await this.send((id) => ({ id, harmonise: enhanced, request }))) as HarmonisedOutputs;
    return { ...result, ...buffers(result, ['image', 'preview', 'thumbnail']) };
  }

  private send(request: (id: number) => ThreadRequest): Promise<EnhancementResult | HarmonisedOutputs> {
    if (this.closed)
      return Promise.reject(new EnhancementError('MODEL_FAILED', 'The enhancement model has been closed.'));
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true } satisfies ThreadRequest);
    const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    this.failAll('The enhancement model has been closed.');
  }

  private start(): Worker {
    const worker = spawnWorker(__dirname, 'enhancement-thread', this.options);
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ('result' in reply) pending.resolve(reply.result);
      else if (reply.error.code) pending.reject(new EnhancementError(reply.error.code, reply.error.message));
      else pending.reject(new Error(reply.error.message));
    });
    const stopped = (reason: string) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(`The enhancement thread stopped: ${reason}`);
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => {
      if (!this.closed) stopped(`exit code ${code}`);
    });
    return worker;
  }

  private failAll(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new EnhancementError('MODEL_FAILED', message));
    this.pending.clear();
  }
}

/** Buffers arrive from another thread as plain Uint8Arrays; callers expect Buffers. */
const buffers = <T extends object, K extends keyof T>(result: T, keys: K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    const bytes = result[key] as Uint8Array;
    out[key] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as T[K];
  }
  return out;
};
