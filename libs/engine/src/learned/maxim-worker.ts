import { parentPort, workerData } from 'node:worker_threads';
import { loadMaxim, type MaximVariant } from './maxim-model';

/** Worker thread: loads one MAXIM model once and runs one inference at a time for the pool. */
export interface WorkerRequest {
  id: number;
  width: number;
  height: number;
  data: Uint8Array;
}
export type WorkerReply =
  { id: number; data: Uint8Array } | { id: number; error: string } | { ready: true } | { fatal: string };

const port = parentPort;
if (port) {
  loadMaxim((workerData as { variant: MaximVariant }).variant).then(
    (model) => {
      port.postMessage({ ready: true } satisfies WorkerReply);
      port.on('message', (request: WorkerRequest) => {
        try {
          const data = model.run(request);
          port.postMessage({ id: request.id, data } satisfies WorkerReply, [data.buffer as ArrayBuffer]);
        } catch (error) {
          port.postMessage({ id: request.id, error: (error as Error).message } satisfies WorkerReply);
        }
      });
    },
    (error: Error) => port.postMessage({ fatal: error.message } satisfies WorkerReply),
  );
}
