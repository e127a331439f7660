// s3rver ships no types. Packages that use this helper compile it from source, so the declaration
// travels with it by reference rather than through their own tsconfig.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** What s3rver accepts (it checks the access key id of a presigned link). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops the server and deletes what it stored. */
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a loopback port with one bucket, storing in a temporary
 * folder. It checks a presigned link's expiry and access key id, but not SigV4 signatures (s3rver 3
 * leaves them unimplemented), and it lets anyone read.
 */
export async function startTestS3Server(bucket: string): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'vere-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
