import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The library's walls in eslint.config.mjs, proven on code that breaches them and code that does not: the engine
 * imports no framework, ORM or SDK and no backend or client code. Linted as if the text were a file at the given
 * path, so relative imports resolve as they would in the tree.
 */
describe('library walls (ESLint)', () => {
  const root = path.resolve(__dirname, '../../..');
  const eslint = new ESLint({ cwd: root });

  async function wallErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages
      .filter((m) => m.ruleId === 'walls/library-bounds' || m.ruleId === 'no-restricted-imports')
      .map((m) => m.ruleId!);
  }

  it('refuses an import of backend code, however many ../ it takes', async () => {
    expect(
      await wallErrors(
        'libs/engine/src/stages/example.ts',
        "import { AppConfig } from '../../../../backend/src/config/app-config';\nvoid AppConfig;\n",
      ),
    ).toEqual(['walls/library-bounds']);
    expect(
      await wallErrors(
        'libs/engine/src/cli/example.ts',
        "export { EnhancementModule } from '../../../../backend/src/modules/enhancement';\n",
      ),
    ).toEqual(['walls/library-bounds']);
    expect(
      await wallErrors(
        'libs/engine/src/example.ts',
        "const photos = import('../../../backend/src/modules/photos');\nvoid photos;\n",
      ),
    ).toEqual(['walls/library-bounds']);
  });

  it("refuses an import of the client's code", async () => {
    expect(
      await wallErrors('libs/engine/src/example.ts', "import { App } from '../../../frontend/src/app';\nvoid App;\n"),
    ).toEqual(['walls/library-bounds']);
  });

  it('refuses Nest, the ORM, the database and queue clients and the SDKs', async () => {
    for (const name of ['@nestjs/common', 'typeorm', 'pg', 'bullmq', 'ioredis', 'stripe', 'nodemailer']) {
      expect(await wallErrors('libs/engine/src/example.ts', `import x from '${name}';\nvoid x;\n`)).toEqual([
        'no-restricted-imports',
      ]);
    }
  });

  it('allows its own files, its tools and another library by package name', async () => {
    expect(
      await wallErrors(
        'libs/engine/src/stages/example.ts',
        "import sharp from 'sharp';\nimport { fitLut } from '../lut3d';\nimport { PACKAGES } from '@listinglens/contracts';\nvoid sharp;\nvoid fitLut;\nvoid PACKAGES;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'libs/engine/src/stages/tone.spec.ts',
        "import { rawRgb } from '../../test/fixtures/enhancement-images';\nvoid rawRgb;\n",
      ),
    ).toEqual([]);
  });
});
