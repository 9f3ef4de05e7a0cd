import S3rver from 's3rver';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Config } from '../../src/config/app-config';

export interface TestS3Server {
  /** Ready for `new S3ObjectStorage(config)` or `AppConfig.s3`; the bucket does not exist yet. */
  config: S3Config;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free port of 127.0.0.1, storing in its own temp folder. */
export async function startS3Server(bucket = 'test-bucket'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const { port } = await server.run();
  return {
    // s3rver's one built-in account.
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
