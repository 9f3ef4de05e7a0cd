import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ENGINE_VERSION } from '../src/version';

const LIBRARY = path.resolve(__dirname, '..');

/** `npm run enhance` as a user runs it: the compiled CLI in a process of its own, on a folder of mixed files. */
describe('enhance CLI', () => {
  let cli: string;
  let dir: string;
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });

  beforeAll(async () => {
    // The library's own build (swc, about a second), as `npm run enhance` makes it.
    execFileSync(
      path.join(LIBRARY, '../../node_modules/.bin/swc'),
      ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--quiet'],
      { cwd: LIBRARY, stdio: 'inherit' },
    );
    cli = path.join(LIBRARY, 'dist', 'cli', 'enhance.js');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enhance-cli-'));
    const input = path.join(dir, 'in');
    fs.mkdirSync(input);
    // A dim, warm room-like gradient as a phone JPEG with EXIF, a PNG, a broken JPEG and a note that is no photo.
    const pixels = Buffer.alloc(320 * 240 * 3);
    for (let i = 0; i < 320 * 240; i++) pixels.set([60 + (i % 320) / 4, 50 + (i % 320) / 5, 35], i * 3);
    const raw = { raw: { width: 320, height: 240, channels: 3 as const } };
    await sharp(pixels, raw)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'PhoneCo' } } })
      .toFile(path.join(input, 'living room.jpg'));
    await sharp(pixels, raw).png().toFile(path.join(input, 'kitchen.png'));
    fs.writeFileSync(path.join(input, 'broken.jpg'), 'this is not a photo');
    fs.writeFileSync(path.join(input, 'notes.txt'), 'shot list');
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('enhances every photo in a folder, writes a report beside each, and names the one it refused', async () => {
    const out = path.join(dir, 'out');
    // 'classic' is an older name of the listing look: kept working for scripts written against it.
    const result = run(path.join(dir, 'in'), out, '--engine', 'classic');
    // One photo failed, so the exit code says so; the others are still written.
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^broken\.jpg: IMAGE_UNREADABLE: /m);
    expect(result.stdout).toMatch(/^living room\.jpg: listing \(listing look\), 320x240, \d+ ms$/m);
    expect(fs.readdirSync(out).sort()).toEqual([
      'kitchen.jpg',
      'kitchen.report.json',
      'living room.jpg',
      'living room.report.json',
    ]);
    const meta = await sharp(path.join(out, 'living room.jpg')).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 320, 240, undefined]);
    const report = JSON.parse(fs.readFileSync(path.join(out, 'living room.report.json'), 'utf8'));
    expect(report).toMatchObject({ engineVersion: ENGINE_VERSION, pipeline: 'listing' });
    // The dim input was brought up.
    expect(report.after.meanLuma).toBeGreaterThan(report.before.meanLuma);
  }, 60_000);

  it("leaves a leaning room's verticals as shot with --no-straighten, and straightens them without it", async () => {
    // Door frames photographed with the camera tilted down 10°: each leans by its distance from the centre.
    const k = Math.tan((-10 * Math.PI) / 180) / (0.75 * 800);
    const frames = [70, 130, 250, 330, 470, 560, 690, 740].map((x) => {
      const lean = k * (x - 400) * 300;
      return `<line x1="${x - lean}" y1="0" x2="${x + lean}" y2="600" stroke="#3a3028" stroke-width="6"/>`;
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="#d8d0c4"/>${frames.join('')}</svg>`;
    const input = path.join(dir, 'leaning');
    fs.mkdirSync(input);
    await sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toFile(path.join(input, 'hallway.jpg'));
    const enhanced = (...flags: string[]) => {
      const out = path.join(dir, `leaning-out${flags.join('')}`);
      expect(run(input, out, '--engine', 'classic', ...flags).status).toBe(0);
      return {
        verticals: JSON.parse(fs.readFileSync(path.join(out, 'hallway.report.json'), 'utf8')).corrections.verticals,
        image: fs.readFileSync(path.join(out, 'hallway.jpg')),
      };
    };
    const straightened = enhanced();
    const asShot = enhanced('--no-straighten');
    expect(straightened.verticals.applied).toBe(true);
    // The lean is still seen and reported, only left as it is.
    expect(asShot.verticals).toMatchObject({ applied: false, correctedPitchDeg: 0, reason: 'disabled' });
    expect(asShot.verticals.pitchDeg).toBeLessThan(-9);
    // The frames stay where they were shot: the dark frame left of centre crosses the bottom row as far right of
    // where it crosses the top row as in the input (about 26 px); straightened, it stands (nearly) upright.
    const darkest = async (image: Buffer, row: number) => {
      const { data, info } = await sharp(image)
        .extract({ left: 180, top: row, width: 140, height: 1 })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let best = 0;
      for (let x = 1; x < info.width; x++) if (data[x] < data[best]) best = x;
      return best;
    };
    const drift = async (image: Buffer) => (await darkest(image, 590)) - (await darkest(image, 10));
    const shot = await drift(fs.readFileSync(path.join(input, 'hallway.jpg')));
    expect(shot).toBeGreaterThan(20);
    expect(Math.abs((await drift(asShot.image)) - shot)).toBeLessThanOrEqual(2);
    expect(Math.abs(await drift(straightened.image))).toBeLessThan(shot / 3);
  }, 60_000);

  it('answers a wrong call with the usage line and exit code 2, writing nothing', () => {
    const out = path.join(dir, 'never');
    for (const args of [[path.join(dir, 'in'), out, '--engine', 'magic'], [path.join(dir, 'missing'), out], []]) {
      const result = run(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('usage: npm run enhance -- <input file or folder> <output folder>');
    }
    expect(run(path.join(dir, 'missing'), out).stderr).toContain(
      `No such file or folder: ${path.join(dir, 'missing')}`,
    );
    expect(fs.existsSync(out)).toBe(false);
  });
});
