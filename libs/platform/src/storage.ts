import { Readable } from 'node:stream';
import { Client, type BucketItem } from 'minio';

/** Connection settings of the S3-compatible object store (`S3_*` variables). */
export interface ObjectStorageSettings {
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
}

/**
 * A `minio` client for the store in `settings`: path-style addressing (s3rver and MinIO behind
 * one host name), TLS when `S3_ENDPOINT` is https, default port 443 or 80.
 * @throws TypeError when `S3_ENDPOINT` is not a URL
 */
export function createS3Client(settings: Omit<ObjectStorageSettings, 'S3_BUCKET'>): Client {
  const url = new URL(settings.S3_ENDPOINT);
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
    region: settings.S3_REGION,
    pathStyle: true,
  });
}

/** One stored object as a listing gives it. */
export interface StoredObjectInfo {
  key: string;
  /** Size in bytes. */
  size: number;
  lastModified: Date;
}

/**
 * Images in object storage (ARCHITECTURE.md): one bucket, keys `uploads/<userId>/<uuid>.<ext>`.
 * A thin adapter over the `minio` client; business rules live in the services.
 */
export class ObjectStorage {
  private readonly client: Client;
  readonly bucket: string;
  private readonly region: string;

  constructor(settings: ObjectStorageSettings) {
    this.client = createS3Client(settings);
    this.bucket = settings.S3_BUCKET;
    this.region = settings.S3_REGION;
  }

  /** Creates the bucket when it is missing (issue #2: "buckets created at start when missing"). */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another copy of a service may have created it at the same moment.
      if (!(await this.client.bucketExists(this.bucket))) throw error;
    }
  }

  /**
   * Stores `body` under `key` with its content type, in one PUT by the `minio` client. `body` may be
   * the chunks an upload arrived in: the client joins them into the one copy it sends (a Buffer given
   * whole is copied by the client all the same).
   * @throws the client's error (the store refused, or could not be reached)
   */
  async put(key: string, body: Buffer | readonly Buffer[], contentType: string): Promise<void> {
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
    await this.client.putObject(this.bucket, key, Readable.from(chunks), size, { 'Content-Type': contentType });
  }

  /** Reads a whole object into memory. @throws the client's error when the key is missing */
  async get(key: string): Promise<Buffer> {
    const stream = await this.client.getObject(this.bucket, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Deletes objects; missing keys are ignored. */
  async remove(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.client.removeObjects(this.bucket, keys);
  }

  /** Keys under a prefix, for operators and tests. */
  async list(prefix: string): Promise<string[]> {
    return (await this.listWithDetails(prefix)).map((o) => o.key);
  }

  /** Objects under a prefix with their size and time of last change (the originals sweep). */
  async listWithDetails(prefix: string): Promise<StoredObjectInfo[]> {
    const objects: StoredObjectInfo[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<BucketItem>) {
      if (item.name) objects.push({ key: item.name, size: item.size, lastModified: item.lastModified });
    }
    return objects;
  }
}
