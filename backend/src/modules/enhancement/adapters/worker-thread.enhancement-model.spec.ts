import sharp from 'sharp';
import { twelveMegapixelRoom } from '../../../../test/support/photos';
import { EnhancementError } from '@listinglens/engine';
import { describeEnhancementModelContract } from '../ports/enhancement-model.contract';
import { InProcessEnhancementModel } from './in-process.enhancement-model';
import { WorkerThreadEnhancementModel } from './worker-thread.enhancement-model';
import type { EnhancementModel } from '../ports/enhancement-model';

describeEnhancementModelContract(
  'WorkerThreadEnhancementModel (classic)',
  () => new WorkerThreadEnhancementModel({ engine: 'classic' }),
);

/** Longest wait, in ms, of a 5 ms timer on this thread while `work` runs: how long a request would have waited. */
const longestStall = async (work: () => Promise<unknown>): Promise<number> => {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
};

describe('WorkerThreadEnhancementModel', () => {
  let input: Buffer;
  const models: EnhancementModel[] = [];
  beforeAll(async () => {
    input = await twelveMegapixelRoom();
  });
  afterAll(() => Promise.all(models.map((model) => model.close())));

  it('keeps the event loop free while a 12 MP photo is enhanced, unlike the in-process adapter', async () => {
    const threaded = new WorkerThreadEnhancementModel({ engine: 'classic' });
    const inline = new InProcessEnhancementModel({ engine: 'classic' });
    models.push(threaded, inline);
    // First photo starts the thread (and compiles its sources under test): measured on the second.
    await threaded.enhance(input);
    let result: Awaited<ReturnType<EnhancementModel['enhance']>> | undefined;
    const threadedStall = await longestStall(async () => (result = await threaded.enhance(input)));
    const inlineStall = await longestStall(() => inline.enhance(input));
    expect(await sharp(result?.image).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    // The same work on this thread blocks it for hundreds of ms at a stretch; in the thread, only the hand-over of
    // a few MB of results is left here.
    expect(inlineStall).toBeGreaterThan(300);
    expect(threadedStall).toBeLessThan(inlineStall / 3);
  });

  it('fails the photos in flight with MODEL_FAILED when the thread dies, and starts a new one for the next', async () => {
    const model = new WorkerThreadEnhancementModel({ engine: 'classic' });
    models.push(model);
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    await model.enhance(small);
    const inFlight = model.enhance(input);
    // What a crash of the thread (out of memory, a native fault) looks like from here.
    await (model as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(inFlight).rejects.toEqual(expect.any(EnhancementError));
    await expect(inFlight).rejects.toMatchObject({ code: 'MODEL_FAILED' });
    const next = await model.enhance(small);
    expect((await sharp(next.image).metadata()).width).toBe(64);
  });
});
