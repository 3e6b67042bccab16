import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../config';

/**
 * A local S3-compatible server for tests: @20minutes/s3rver (the maintained fork of s3rver, an npm package speaking
 * S3's HTTP API over a folder, SigV4 signatures and presigned URLs checked) on a free port of 127.0.0.1, started and
 * stopped by the test itself; no container, no network. (s3rver 3.7.1 takes SDK v3's requests too, but checks no
 * SigV4 signature: a forged presigned URL would pass.)
 */
export interface S3StandIn {
  /** Its address, what S3_URL would say. */
  url: string;
  /** The configuration of a bucket on it (S3_* as config.ts reads them), served through the server. */
  options(bucket: string): S3Config;
  /** Creates a new empty bucket named after `name` (unique on this server) and answers its name. */
  createBucket(name: string): Promise<string>;
  close(): Promise<void>;
}

/** s3rver's one pair of keys. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

/** A bucket's own path as SDK v3 sends it in path style, with a trailing slash (`/photos/`). */
const BUCKET_PATH = /^\/[^/]+\/$/;

export const startS3StandIn = async (): Promise<S3StandIn> => {
  const directory = mkdtempSync(join(tmpdir(), 'zaryad-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // The fork computes a bucket request's signed path without the trailing slash SDK v3 signed (`/photos`, so
  // CreateBucket, HeadBucket and ListObjectsV2 would fail their signature check), unless the request came by the
  // bucket's host name: such a request is marked so (after the server's own vhost step, before its routes), and its
  // signature is then checked over `/photos/`, as S3 itself does.
  server.middleware.splice(server.middleware.length - 1, 0, (context, next) => {
    if (!context.state.vhost && BUCKET_PATH.test(context.path)) {
      context.state.vhost = true;
      context.mountPath = '/';
    }
    return next();
  });
  const address = (await server.run()) as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint: url,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let sequence = 0;
  return {
    url,
    options: (bucket) => ({
      url,
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      region: REGION,
      forcePathStyle: true,
      presign: false,
    }),
    async createBucket(name) {
      sequence += 1;
      const bucket = `${name}-${sequence}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
