import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument, createHttpApp } from '../create-app';

/** `npm run openapi`: regenerates docs/openapi.json from the routes (a test fails when it is stale). */
export async function generateOpenApi(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  const app = await createHttpApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await app.init();
    return `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  generateOpenApi()
    .then((doc) => {
      const target = path.resolve(__dirname, '..', '..', '..', 'docs', 'openapi.json');
      fs.writeFileSync(target, doc);
      process.stdout.write(`Wrote ${target}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    });
}
