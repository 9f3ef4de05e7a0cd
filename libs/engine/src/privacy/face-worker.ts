import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { type FaceLevel, type FaceReply, type FaceRequest, type RawFace, TILE, tileStarts } from './face-tiles';

/**
 * Worker thread: loads face-api's SSD MobileNetV1 (weights from its npm package) once on the TensorFlow.js wasm
 * backend and finds faces in a photo's pyramid. A thread of its own: the MAXIM workers replace wasm kernels with
 * fused ones of their own, and the detector must run on the stock kernels it was written for.
 */

const detectLevel = async (level: FaceLevel, minScore: number): Promise<RawFace[]> => {
  const image = tf.tensor3d(level.data, [level.height, level.width, 3], 'int32');
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 100 });
  const found: RawFace[] = [];
  try {
    for (const top of tileStarts(level.height)) {
      for (const left of tileStarts(level.width)) {
        const height = Math.min(TILE, level.height - top);
        const width = Math.min(TILE, level.width - left);
        // A tile short of 512 is padded, not stretched: the detector would otherwise see faces squashed.
        const tile = tf.tidy(() =>
          image.slice([top, left, 0], [height, width, 3]).pad(
            [
              [0, TILE - height],
              [0, TILE - width],
              [0, 0],
            ],
            128,
          ),
        );
        const detections = await faceapi.detectAllFaces(tile as unknown as faceapi.TNetInput, options);
        tile.dispose();
        for (const { box, score } of detections) {
          found.push({
            x: (left + box.x) * level.scale,
            y: (top + box.y) * level.scale,
            w: box.width * level.scale,
            h: box.height * level.scale,
            score,
          });
        }
      }
    }
  } finally {
    image.dispose();
  }
  return found;
};

const load = async (): Promise<void> => {
  setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(
    path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
  );
};

const port = parentPort;
if (port) {
  load().then(
    () => {
      port.postMessage({ ready: true } satisfies FaceReply);
      // One request at a time, in order: the detector and its backend are not re-entrant.
      let queue = Promise.resolve();
      port.on('message', (request: FaceRequest) => {
        queue = queue.then(async () => {
          try {
            const faces: RawFace[] = [];
            for (const level of request.levels) faces.push(...(await detectLevel(level, request.minScore)));
            port.postMessage({ id: request.id, faces } satisfies FaceReply);
          } catch (error) {
            port.postMessage({ id: request.id, error: (error as Error).message } satisfies FaceReply);
          }
        });
      });
    },
    (error: Error) => port.postMessage({ fatal: error.message } satisfies FaceReply),
  );
}
