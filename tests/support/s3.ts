import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig } from '../../src/server/config.ts';
import { createS3Client } from '../../src/server/storage/s3-storage.ts';

/**
 * A real S3-compatible server (s3rver) on a free local port, its objects in a folder of its own:
 * `npm test` runs the object-storage variants with nothing else installed (decision 0055).
 */
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

/** A new, empty bucket on the server: the S3_* settings of an app using it, and a client. */
export async function createTestBucket(server: S3Server) {
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const env = {
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const settings = loadConfig(env).s3!;
  const client: S3Client = createS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    env,
    settings,
    client,
    /** Every object's key in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    /** An object's bytes as stored. */
    async bytes(key: string): Promise<Buffer> {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await Body!.transformToByteArray());
    },
  };
}

export type TestBucket = Awaited<ReturnType<typeof createTestBucket>>;
