// s3rver ships no types (and @types/s3rver is not a dependency): the little the S3 tests of the
// server and the browser tests use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    /** `configs`: the bucket's subresources as XML, e.g. its CORSConfiguration. */
    configureBuckets?: { name: string; configs?: string[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
