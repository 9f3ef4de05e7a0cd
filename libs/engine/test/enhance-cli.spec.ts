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
    const result = run(path.join(dir, 'in'), out, '--engine', 'classic');
    // One photo failed, so the exit code says so; the others are still written.
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^broken\.jpg: IMAGE_UNREADABLE: /m);
    expect(result.stdout).toMatch(/^living room\.jpg: classic \(classic requested\), 320x240, \d+ ms$/m);
    expect(fs.readdirSync(out).sort()).toEqual([
      'kitchen.jpg',
      'kitchen.report.json',
      'living room.jpg',
      'living room.report.json',
    ]);
    const meta = await sharp(path.join(out, 'living room.jpg')).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 320, 240, undefined]);
    const report = JSON.parse(fs.readFileSync(path.join(out, 'living room.report.json'), 'utf8'));
    expect(report).toMatchObject({ engineVersion: ENGINE_VERSION, pipeline: 'classic' });
    // The dim input was brought up.
    expect(report.after.meanLuma).toBeGreaterThan(report.before.meanLuma);
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
