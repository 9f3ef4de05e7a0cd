/**
 * The frontend walls fail when breached: sample imports, linted as if they sat at real paths of the client with
 * the repository's own eslint.config.mjs, are reported when they cross a wall and pass when they do not.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const repo = path.resolve(__dirname, '../..');

// ESLint loads eslint.config.mjs with import(), which jest's module system cannot run; so one child process lints
// every sample with ESLint's Node API and prints what each one got.
const LINT_SAMPLES = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath });
  const { rules } = await eslint.calculateConfigForFile(filePath);
  results.push({
    walls: Object.keys(rules).filter((rule) => rule.startsWith('frontend-walls/') && rules[rule][0] === 2),
    messages: result.messages.map(({ ruleId, message, fatal }) => ({ ruleId, message, fatal: fatal === true })),
  });
}
process.stdout.write(JSON.stringify(results));
`;

const INTERNALS = 'frontend-walls/no-feature-internals';
const SHARED = 'frontend-walls/no-feature-in-shared';

/** [what, file under frontend/src, code, the wall rules it must break (none for a legal import)] */
const samples = [
  // A feature's files are its own business: others go through features/<name> (its index.ts).
  [
    'a feature reaching into another',
    'features/gallery/components/photo-gallery.tsx',
    "export { usePhotos } from '../../photos/api/get-photos';",
    [INTERNALS],
  ],
  [
    'a feature re-exporting another one’s file',
    'features/landing/components/hero.tsx',
    "export * from '../../auth/components/sign-in-card';",
    [INTERNALS],
  ],
  [
    'a screen reaching into a feature',
    'app/routes/gallery.tsx',
    "export { PhotoGallery } from '../../features/gallery/components/photo-gallery';",
    [INTERNALS],
  ],
  [
    'a type-only deep import from test support',
    'test/users.ts',
    "export type { User } from '../features/auth/types';",
    [INTERNALS],
  ],
  [
    'a lazy import of a feature’s file',
    'app/router.tsx',
    "export const page = () => import('../features/api-keys/components/api-keys-page');",
    [INTERNALS],
  ],
  [
    'a test mocking a feature’s file',
    'app/routes/order.test.tsx',
    "jest.mock('../../features/photos/api/download-photo');",
    [INTERNALS],
  ],
  [
    'a feature through its public surface',
    'features/gallery/components/photo-gallery.tsx',
    "export { usePhotos } from '../../photos';\nexport { downloadPhoto } from '../../photos/index';",
    [],
  ],
  [
    'a screen through a feature’s index.ts, named with its extension',
    'app/routes/gallery.tsx',
    "export { PhotoGallery } from '../../features/gallery/index.ts';",
    [],
  ],
  [
    'a feature using its own files',
    'features/photos/components/processing-progress.tsx',
    "export { usePhotos } from '../api/get-photos';\nexport type { Photo } from '../types';",
    [],
  ],
  [
    'a feature using lib/ and components/',
    'features/orders/components/order-list.tsx',
    "export { Card } from '../../../components/ui/card';\nexport { track } from '../../../lib/analytics';",
    [],
  ],
  // lib/ and components/ import no feature at all, not even through its index.ts.
  ['lib/ importing a feature', 'lib/analytics.ts', "export { ConsentBanner } from '../features/consent';", [SHARED]],
  [
    'lib/ importing a feature’s file (one report, from the shared wall)',
    'lib/analytics.ts',
    "export { ConsentBanner } from '../features/consent/components/consent-banner';",
    [SHARED],
  ],
  [
    'components/ui importing a feature',
    'components/ui/button.tsx',
    "export { useCurrentUser } from '../../features/auth';",
    [SHARED],
  ],
  [
    'a shared component importing a feature',
    'components/package-offer.tsx',
    "export { usePackages } from '../features/packages/index';",
    [SHARED],
  ],
  [
    'lib/ and components/ using each other',
    'components/ui/button.tsx',
    "export { formatDate } from '../../lib/format';\nexport { getConsent } from '../../lib/consent';",
    [],
  ],
];

let results;

beforeAll(() => {
  const input = samples.map(([, file, code]) => ({ filePath: path.join(repo, 'frontend/src', file), code }));
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SAMPLES], {
    cwd: repo,
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  results = JSON.parse(output);
}, 120_000);

describe('frontend walls (eslint.config.mjs)', () => {
  it.each(samples.map((sample, i) => [sample[0], i, sample[3]]))('%s', (_what, i, expected) => {
    const { walls, messages } = results[i];
    expect(walls.sort()).toEqual([SHARED, INTERNALS]);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.filter((m) => m.ruleId?.startsWith('frontend-walls/')).map((m) => m.ruleId)).toEqual(expected);
  });

  it('names the public surface to import instead', () => {
    expect(results[0].messages[0].message).toBe(
      "'../../photos/api/get-photos' reaches inside features/photos: import it from '../../photos' (its index.ts), " +
        'and export what you need there.',
    );
    expect(results[10].messages[0].message).toBe(
      "lib/ must not import a feature ('../features/consent' is in features/consent): move what it needs into lib/, " +
        'or have the feature pass it in.',
    );
  });
});
