import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The module walls in eslint.config.mjs, proven on code that breaches them and code that does not. Linted as if the
 * text were a file at the given path, so the rules resolve its relative imports as they would in the tree.
 */
describe('module walls (ESLint)', () => {
  const root = path.resolve(__dirname, '../../..');
  const eslint = new ESLint({ cwd: root });

  async function wallErrors(filePath: string, code: string): Promise<string[]> {
    return (await wallMessages(filePath, code)).map((m) => m.ruleId!);
  }

  async function wallMessages(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.filter((m) => m.ruleId?.startsWith('walls/'));
  }

  it("refuses an import of another module's internals, however many ../ it takes", async () => {
    expect(
      await wallErrors(
        'backend/src/modules/photos/application/example.ts',
        "import { lockOwnedOrder } from '../../orders/persistence/orders.repository';\nvoid lockOwnedOrder;\n",
      ),
    ).toEqual(['walls/module-internals']);
    expect(
      await wallErrors(
        'backend/src/app.module.ts',
        "import { OrdersModule } from './modules/orders/orders.module';\nvoid OrdersModule;\n",
      ),
    ).toEqual(['walls/module-internals']);
    expect(
      await wallErrors(
        'backend/src/modules/orders/http/example.ts',
        "export { AuthGuard } from '../../auth/http/auth.guard';\n",
      ),
    ).toEqual(['walls/module-internals']);
  });

  it("allows another module's index.ts and a module's own internals", async () => {
    expect(
      await wallErrors(
        'backend/src/modules/photos/application/example.ts',
        "import { OrderCredits } from '../../orders';\nimport { PhotosRepository } from '../persistence/photos.repository';\nvoid OrderCredits;\nvoid PhotosRepository;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'backend/src/app.module.ts',
        "import { OrdersModule } from './modules/orders/index';\nvoid OrdersModule;\n",
      ),
    ).toEqual([]);
  });

  it("refuses another module's repository, even through its index.ts", async () => {
    expect(
      await wallErrors(
        'backend/src/modules/photos/application/example.ts',
        "import { CreditsRepository } from '../../orders';\nvoid CreditsRepository;\n",
      ),
    ).toEqual(['walls/no-foreign-repository']);
    expect(
      await wallErrors(
        'backend/src/modules/webhooks/application/example.ts',
        "export { type PhotosRepository } from '../../photos';\n",
      ),
    ).toEqual(['walls/no-foreign-repository']);
    expect(
      await wallErrors(
        'backend/src/app.module.ts',
        "import { JobLocksRepository } from './modules/system';\nvoid JobLocksRepository;\n",
      ),
    ).toEqual(['walls/no-foreign-repository']);
  });

  it('refuses an import circle between modules and names it', async () => {
    const messages = await wallMessages(
      'backend/src/modules/orders/application/example.ts',
      "import { FinishedPhotos } from '../../photos';\nvoid FinishedPhotos;\n",
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['walls/no-module-cycle']);
    expect(messages[0].message).toContain('orders → photos → orders');
  });

  it('allows a type-only import back, which loads nothing', async () => {
    expect(
      await wallErrors(
        'backend/src/modules/orders/application/example.ts',
        "import { type PhotoEntity } from '../../photos';\nexport type Photo = PhotoEntity;\n",
      ),
    ).toEqual([]);
  });

  it('refuses any module import from shared/ or config/, even through its index', async () => {
    expect(
      await wallErrors(
        'backend/src/shared/queue/example.ts',
        "import { Analytics } from '../../modules/analytics';\nvoid Analytics;\n",
      ),
    ).toEqual(['walls/no-module-from-shared']);
    expect(
      await wallErrors(
        'backend/src/config/example.ts',
        "import { PACKAGES } from '../modules/packages';\nvoid PACKAGES;\n",
      ),
    ).toEqual(['walls/no-module-from-shared']);
  });

  it('allows shared/ and config/ to import each other', async () => {
    expect(
      await wallErrors(
        'backend/src/shared/queue/example.ts',
        "import { AppConfig } from '../../config/app-config';\nimport { AppError } from '../errors/app-error';\nvoid AppConfig;\nvoid AppError;\n",
      ),
    ).toEqual([]);
  });

  it('leaves tests free to import internals', async () => {
    expect(
      await wallErrors(
        'backend/test/e2e/example.spec.ts',
        "import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';\nvoid OrdersRepository;\n",
      ),
    ).toEqual([]);
  });
});
