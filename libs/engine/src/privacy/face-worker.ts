import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';

/**
 * Worker thread: loads face-api's SSD MobileNetV1 (weights from its npm package) once on the TensorFlow.js wasm
 * backend and finds faces in a photo's pyramid. A thread of its own: the MAXIM workers replace wasm kernels with
 * fused ones of their own, and the detector must run on the stock kernels it was written for.
 */

/** The detector's input side: SSD MobileNetV1 resizes whatever it gets to 512 x 512. */
export const TILE = 512;
/**
 * How far tiles overlap: a face up to this size lies wholly inside one tile of a level; a larger one is at least half
 * that on the next smaller level, where it again fits inside a tile, down to the level that is one tile.
 */
export const TILE_OVERLAP = 128;

/** One level of the pyramid; `scale` takes its pixels to the pyramid's largest level. */
export interface FaceLevel {
  width: number;
  height: number;
  data: Uint8Array;
  scale: number;
}
export interface FaceRequest {
  id: number;
  levels: FaceLevel[];
  minScore: number;
}
/** A face found, in the pyramid's largest level's pixels. */
export interface RawFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}
export type FaceReply =
  { id: number; faces: RawFace[] } | { id: number; error: string } | { ready: true } | { fatal: string };

/** Tile origins along one side: none beyond the edge, the last flush with it. */
export const tileStarts = (length: number): number[] => {
  if (length <= TILE) return [0];
  const stride = TILE - TILE_OVERLAP;
  const starts: number[] = [];
  for (let start = 0; start + TILE < length; start += stride) starts.push(start);
  starts.push(length - TILE);
  return starts;
};

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
