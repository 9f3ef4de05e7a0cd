import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { EnhancementError } from '../errors';
import { spawnWorker } from '../spawn-worker';
import type { Retoucher } from '../types';
import type { MaximVariant } from './maxim-model';
import type { WorkerReply, WorkerRequest } from './maxim-worker';

export interface MaximPoolOptions {
  variant?: MaximVariant;
  /** Worker threads, each holding its own model (about 0.7 GB); defaults to one per core. */
  workers?: number;
}

interface Job {
  request: WorkerRequest;
  resolve: (data: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

/**
 * Runs MAXIM off the main thread: one worker per core, each loading the model once and taking one photo at a
 * time (wasm threads are unavailable in Node, so one inference uses exactly one core).
 */
export class MaximPool implements Retoucher {
  readonly modelName: string;
  private readonly variant: MaximVariant;
  private readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: MaximPoolOptions = {}) {
    this.variant = options.variant ?? 'retouching';
    this.size = Math.max(1, options.workers ?? os.availableParallelism());
    this.modelName = `maxim-${this.variant}`;
  }

  retouch(image: { width: number; height: number; data: Uint8Array }): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new EnhancementError('MODEL_FAILED', 'The model pool is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, ...image, data: image.data.slice() }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new EnhancementError('MODEL_FAILED', 'The model pool closed.'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) {
        if (this.slots.length < this.size) this.spawn();
        return;
      }
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.postMessage(job.request, [job.request.data.buffer as ArrayBuffer]);
    }
  }

  private spawn(): void {
    const slot: Slot = {
      worker: spawnWorker(__dirname, 'maxim-worker', { variant: this.variant }),
      ready: false,
      job: null,
    };
    this.slots.push(slot);
    const fail = (message: string) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      const error = new EnhancementError('MODEL_FAILED', `The ${this.modelName} model failed: ${message}`);
      slot.job?.reject(error);
      // A model that cannot load will not load for queued photos either.
      if (!slot.ready) for (const job of this.queue.splice(0)) job.reject(error);
      void slot.worker.terminate();
    };
    slot.worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) slot.ready = true;
      else if ('fatal' in reply) return fail(reply.fatal);
      else if (slot.job) {
        const job = slot.job;
        slot.job = null;
        if ('error' in reply)
          job.reject(new EnhancementError('MODEL_FAILED', `Model inference failed: ${reply.error}`));
        else job.resolve(reply.data);
      }
      this.dispatch();
    });
    slot.worker.on('error', (error) => fail(error.message));
    slot.worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) fail(`worker exited with code ${code}`);
    });
  }
}
