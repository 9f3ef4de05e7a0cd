import type { Worker } from 'node:worker_threads';
import { EnhancementError } from '../errors';
import { downscale, longSide, type RgbImage } from '../rgb-image';
import { spawnWorker } from '../spawn-worker';
import { TILE, type FaceLevel, type FaceReply, type FaceRequest, type RawFace } from './face-tiles';

/**
 * Largest side the faces are looked for at (a smaller photo is searched at its own size). The detector finds most
 * faces from about 24-32 px on its tiles: at 3072 px it finds three in four faces 32 px wide in a 3000 px photo and
 * every one from 48 px, where 2048 px found a third and four in five, for about twice the tiles (55 against 27
 * for a 3000 x 2000 photo) and more false finds (docs/enhancement.md, "Privacy blur").
 */
export const FACE_SEARCH_SIDE = 3072;
/**
 * The detector's confidence, low for recall: a face missed is worse than a vase blurred. Measured on rooms without
 * people (bench-privacy) against faces composited into them.
 */
export const FACE_MIN_SCORE = 0.3;

interface Pending {
  resolve: (faces: RawFace[]) => void;
  reject: (error: Error) => void;
}

/**
 * The photo's pyramid for the detector, largest first: the photo at `FACE_SEARCH_SIDE` (or its own size), then
 * halved until one tile holds it.
 */
export const facePyramid = async (image: RgbImage, searchSide = FACE_SEARCH_SIDE): Promise<FaceLevel[]> => {
  const top = await downscale(image, searchSide);
  const levels: FaceLevel[] = [{ ...top, scale: 1 }];
  for (let side = longSide(top); side > TILE;) {
    side = Math.max(TILE, Math.round(side / 2));
    const level = await downscale(top, side);
    levels.push({ ...level, scale: longSide(top) / longSide(level) });
  }
  return levels;
};

/**
 * Finds faces off the main thread, in one worker holding face-api's SSD MobileNetV1. The worker starts on the
 * first photo that asks for it and does not keep the process alive while idle.
 */
export class FaceDetector {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /**
   * Faces in `image` as boxes in its own pixels, each with the detector's score; overlapping finds not merged.
   * `searchSide` is for the bench, which weighs a larger search against its time.
   */
  async detect(image: RgbImage, minScore = FACE_MIN_SCORE, searchSide = FACE_SEARCH_SIDE): Promise<RawFace[]> {
    const levels = await facePyramid(image, searchSide);
    const worker = await this.start();
    const id = this.nextId++;
    const faces = await new Promise<RawFace[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(
        { id, levels, minScore } satisfies FaceRequest,
        levels.map((level) => level.data.buffer as ArrayBuffer),
      );
    });
    const scale = image.width / levels[0].width;
    return faces.map((face) => ({
      x: face.x * scale,
      y: face.y * scale,
      w: face.w * scale,
      h: face.h * scale,
      score: face.score,
    }));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    this.failAll(new EnhancementError('MODEL_FAILED', 'The face detector closed.'));
    if (worker) await worker.terminate();
  }

  private start(): Promise<Worker> {
    if (!this.ready) {
      const worker = spawnWorker(__dirname, 'face-worker', {});
      this.worker = worker;
      this.ready = new Promise<void>((resolve, reject) => {
        const fail = (message: string) => {
          const error = new EnhancementError('MODEL_FAILED', `The face detector failed: ${message}`);
          reject(error);
          this.failAll(error);
          if (this.worker === worker) {
            this.worker = null;
            this.ready = null;
          }
          void worker.terminate();
        };
        worker.on('message', (reply: FaceReply) => {
          if ('ready' in reply) return resolve();
          if ('fatal' in reply) return fail(reply.fatal);
          const job = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          if (!this.pending.size) worker.unref();
          if (!job) return;
          if ('error' in reply)
            job.reject(new EnhancementError('MODEL_FAILED', `Face detection failed: ${reply.error}`));
          else job.resolve(reply.faces);
        });
        worker.on('error', (error) => fail(error.message));
        worker.on('exit', (code) => {
          if (this.worker === worker) fail(`worker exited with code ${code}`);
        });
      });
    }
    const worker = this.worker as Worker;
    return this.ready.then(() => worker);
  }

  private failAll(error: Error): void {
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}

let shared: FaceDetector | null = null;

/**
 * The process's one face detector, shared by every photo: a worker that adds about 0.4 GB to the process once it has
 * searched a photo (the model and the wasm backend's memory), so it starts only when a photo asks for the blur.
 */
export const sharedFaceDetector = (): FaceDetector => (shared ??= new FaceDetector());
