import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseEmail, ParsedEmail } from './email';

export interface OutboxEmail extends ParsedEmail {
  /** The `.eml` file name inside the outbox folder. */
  file: string;
}

/**
 * The messages OutboxMailer wrote to `dir` (usually `path.join(config.dataDir, 'outbox')`), oldest first; an outbox
 * that does not exist yet is empty. In-flight temp files are not `.eml` and so never show up here.
 */
export async function readOutbox(dir: string): Promise<OutboxEmail[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => ({ ...parseEmail(await fs.readFile(path.join(dir, file), 'utf8')), file })),
  );
}
