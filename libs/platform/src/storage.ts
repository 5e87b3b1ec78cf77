import { Client } from 'minio';

/** Connection settings of the S3-compatible object store (`S3_*` variables). */
export interface ObjectStorageSettings {
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
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
    const url = new URL(settings.S3_ENDPOINT);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
      useSSL: url.protocol === 'https:',
      accessKey: settings.S3_ACCESS_KEY,
      secretKey: settings.S3_SECRET_KEY,
      region: settings.S3_REGION,
      pathStyle: true,
    });
    // Over plain HTTP the client would hash every payload with SHA-256 for the signature, a second
    // full pass over each photo beside the MD5 it always computes. It sends `UNSIGNED-PAYLOAD` instead,
    // as it does over HTTPS; the body stays tamper-evident because the signed `Content-MD5` header
    // is checked by the server (AWS SigV4, "Unsigned payload option").
    this.client.enableSHA256 = false;
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

  /** Stores `body` under `key` with its content type. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
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
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name) keys.push(item.name);
    }
    return keys;
  }
}
