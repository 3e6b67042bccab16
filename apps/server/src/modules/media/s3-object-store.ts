import type { Readable } from 'node:stream';
import { ConfigError } from '../../config';
import type { ObjectInfo, ObjectStore } from '../../platform/storage';
import { assertValidKey, contentTypeOf, isValidKey } from './object-keys';

/** An S3-compatible bucket (config.ts `S3_*`). */
export interface S3StoreOptions {
  /** The service's endpoint (`https://s3.example.kg`, `http://127.0.0.1:9000`). */
  url: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, a profile, the instance's role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (what most S3-compatible services want). */
  forcePathStyle: boolean;
}

/**
 * A stream is sent in parts of this size (S3's multipart upload; at least 5 MiB but for the last), so that at most
 * one part of a 100 MB video is in memory at a time; a smaller upload is one PutObject.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The SDK's errors for a key or bucket that is not there (GetObject's NoSuchKey, HeadObject's bare 404). */
const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** The whole size out of a ranged answer's `Content-Range: bytes 0-9/1234`. */
const totalOf = (contentRange: string | undefined) => {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? undefined : Number(total);
};

const asBuffer = (chunk: Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Objects in an S3-compatible bucket under the same keys as the local folder's files (AWS SDK v3). Checksums are
 * computed only where the API requires them: many S3-compatible services refuse the SDK's default CRC32 headers.
 */
export const createS3ObjectStore = async (options: S3StoreOptions): Promise<ObjectStore> => {
  // Loaded only when a bucket is configured: a server on the local folder never pays for the SDK (start-up, memory).
  const sdk = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const { bucket } = options;
  const client = new sdk.S3Client({
    endpoint: options.url,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const putBuffer = (key: string, body: Buffer, contentType: string) =>
    client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));

  /** A stream in parts; the first part's worth decides between one PutObject and a multipart upload. */
  const putStream = async (key: string, source: AsyncIterable<Uint8Array>, contentType: string) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      uploadId ??= (
        await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new sdk.UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of source) {
        pending.push(asBuffer(chunk));
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= S3_PART_BYTES) {
          await sendPart();
        }
      }
      if (uploadId === undefined) {
        await putBuffer(key, Buffer.concat(pending, pendingBytes), contentType);
        return;
      }
      if (pendingBytes > 0) {
        await sendPart();
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId !== undefined) {
        // The parts sent so far are dropped; nothing appears under the key.
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  };

  const store: ObjectStore = {
    kind: 's3',
    description: `s3://${bucket} at ${options.url}`,

    async put(key, source, contentType) {
      assertValidKey(key);
      await (Buffer.isBuffer(source) ? putBuffer(key, source, contentType) : putStream(key, source, contentType));
    },

    async get(key, range) {
      if (!isValidKey(key)) {
        return null;
      }
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return {
          key,
          size: (range ? totalOf(answer.ContentRange) : undefined) ?? answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOf(key),
          lastModified: answer.LastModified ?? new Date(0),
          etag: answer.ETag ?? '""',
          // In Node the SDK answers the body as the HTTP response, a Readable.
          body: answer.Body as Readable,
        };
      } catch (error) {
        if (isNotFound(error)) {
          return null;
        }
        throw error;
      }
    },

    async stat(key) {
      if (!isValidKey(key)) {
        return null;
      }
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          key,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOf(key),
          lastModified: answer.LastModified ?? new Date(0),
          etag: answer.ETag ?? '""',
        };
      } catch (error) {
        if (isNotFound(error)) {
          return null;
        }
        throw error;
      }
    },

    async exists(key) {
      return (await store.stat(key)) !== null;
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) {
          throw error;
        }
      }
    },

    async *list(prefix = '') {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          // Objects another program put under other names are not the product's.
          if (object.Key !== undefined && isValidKey(object.Key)) {
            yield {
              key: object.Key,
              size: object.Size ?? 0,
              contentType: contentTypeOf(object.Key),
              lastModified: object.LastModified ?? new Date(0),
              etag: object.ETag ?? '""',
            } satisfies ObjectInfo;
          }
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },

    presignedUrl(key, seconds) {
      assertValidKey(key);
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds });
    },

    async verify() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
        const status = $metadata?.httpStatusCode ? `HTTP ${$metadata.httpStatusCode}, ` : '';
        // A configuration that cannot work: the start stops with this one line, as for any bad variable.
        throw new ConfigError(
          `Invalid configuration:\n  S3_BUCKET: the bucket ${bucket} at ${options.url} cannot be used (${status}${name}: ${message}); check S3_URL, S3_BUCKET, S3_REGION and the keys`,
          { cause: error },
        );
      }
    },
  };
  return store;
};
