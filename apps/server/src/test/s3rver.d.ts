// The part of @20minutes/s3rver (which ships no types) that test/s3-stand-in.ts uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: any free port, told by run(). */
    port?: number;
    silent?: boolean;
    /** Where the buckets' files go. */
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** The bits of Koa's context the stand-in's own middleware touches. */
  interface S3rverContext {
    path: string;
    mountPath?: string;
    state: { vhost?: boolean };
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list (S3rver is a Koa app), composed when the server starts. */
    middleware: ((context: S3rverContext, next: () => Promise<void>) => unknown)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
