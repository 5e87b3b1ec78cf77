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

/**
 * Part size of `ObjectStorage.putStream`, in bytes: 5 MiB, S3's smallest part (every part but the
 * last must be at least this), so a stream's upload holds as little as S3 allows. With S3's limit
 * of 10,000 parts an object may be up to about 48 GiB.
 */
export const STREAM_PART_BYTES = 5 * 1024 * 1024;

/** One stored object as a listing gives it. */
export interface StoredObjectInfo {
  key: string;
  /** Size in bytes. */
  size: number;
  lastModified: Date;
}

/**
 * Object storage: one bucket for every service, by key prefix: `uploads/`,
 * `sketches/` and `generation-inputs/` (the gateway's uploads, `<prefix><userId>/<uuid>.<ext>`),
 * `generations/` (renders), `reports/` (PDFs) and `exports/leads/` (CSV exports). A thin adapter
 * over the `minio` client; business rules live in the services.
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

  /** Creates the bucket when it is missing (the gateway and the worker host call it at start). */
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
   * Readiness check: the store answers and the bucket exists. Creates nothing.
   * @throws Error when the bucket is missing; the client's error when the store cannot be reached
   */
  async checkBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket "${this.bucket}" is missing`);
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

  /**
   * Stores a stream of unknown length under `key` with flat memory, whatever its size (the leads
   * CSV export). The bytes are copied as they arrive into one part buffer of
   * `STREAM_PART_BYTES`; each time it is full it is sent as a part of an S3 multipart upload (the
   * first full part starts the upload) before more of `body` is read (the stream waits meanwhile),
   * so the upload holds one part buffer, reused, and each chunk of `body` is garbage at once. A body
   * shorter than one part is sent in one PUT.
   *
   * Why not the `minio` client's `putObject(stream)` without a size: it takes the largest object
   * S3 allows as the size and cuts parts of about 576 MB, held in memory, and it first lists the
   * bucket's unfinished multipart uploads to resume one, which s3rver cannot answer. This uses the
   * client's own multipart calls (initiate, upload part, complete) instead.
   * @param body bytes (Buffers or strings, as a Readable or any async iterable); destroyed on failure
   * @returns the number of bytes stored
   * @throws the client's error (the store refused, or could not be reached), or `body`'s error; a
   *   multipart upload begun is aborted first, so nothing is left in the bucket
   */
  async putStream(key: string, body: AsyncIterable<Buffer | string>, contentType: string): Promise<{ bytes: number }> {
    const part = Buffer.allocUnsafe(STREAM_PART_BYTES);
    let filled = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: Array<{ part: number; etag: string }> = [];
    const sendPart = async (): Promise<void> => {
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, { 'Content-Type': contentType });
      const partNumber = parts.length + 1;
      const payload = part.subarray(0, filled);
      const { etag } = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber, headers: {} },
        payload,
      );
      parts.push({ part: partNumber, etag });
      filled = 0;
    };
    try {
      for await (const chunk of body) {
        // A string is encoded straight into the part when it fits; only one that straddles two parts becomes a Buffer.
        let bytes: Buffer | undefined;
        if (typeof chunk === 'string') {
          const length = Buffer.byteLength(chunk, 'utf8');
          if (filled + length <= STREAM_PART_BYTES) {
            filled += part.write(chunk, filled, 'utf8');
            total += length;
          } else bytes = Buffer.from(chunk, 'utf8');
        } else bytes = chunk;
        for (let offset = 0; bytes !== undefined && offset < bytes.length;) {
          const copied = bytes.copy(part, filled, offset);
          filled += copied;
          offset += copied;
          total += copied;
          if (filled === STREAM_PART_BYTES) await sendPart();
        }
        if (filled === STREAM_PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        await this.put(key, part.subarray(0, filled), contentType);
      } else {
        if (filled > 0) await sendPart();
        await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      }
      return { bytes: total };
    } catch (error) {
      if (uploadId !== undefined) await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      if (body instanceof Readable) body.destroy();
      throw error;
    }
  }

  /**
   * Opens an object for reading as a stream (downloads that go straight to a client, without
   * holding the object in memory).
   * @throws the client's error when the key is missing or the store cannot be reached
   */
  async getStream(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  /** Reads a whole object into memory. @throws the client's error when the key is missing */
  async get(key: string): Promise<Buffer> {
    const stream = await this.client.getObject(this.bucket, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * What the store knows of one object, without reading it (is a rendered report already there?).
   * @returns its size in bytes, time of last change and ETag; undefined when there is no such object
   * @throws the client's error for anything but a missing object (the store cannot be reached)
   */
  async stat(key: string): Promise<(StoredObjectInfo & { etag: string }) | undefined> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { key, size: stat.size, lastModified: stat.lastModified, etag: stat.etag };
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** Deletes objects; missing keys are ignored. */
  async remove(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.client.removeObjects(this.bucket, keys);
  }

  /**
   * Deletes every object under each prefix (account deletion: `uploads/<userId>/`, …), in batches
   * of the listing's pages, so memory holds one page at a time. Repeatable: what is gone is not
   * listed again.
   * @param prefixes whole prefixes ending in "/" (a bare user id would also match a longer id)
   * @returns how many objects were removed
   * @throws the client's error; objects removed before it stay removed
   */
  async removeAllUnder(prefixes: readonly string[]): Promise<number> {
    let removed = 0;
    for (const prefix of prefixes) {
      if (!prefix.endsWith('/')) throw new Error(`removeAllUnder: the prefix ${prefix} must end in "/"`);
      let batch: string[] = [];
      for await (const object of this.listStream(prefix)) {
        batch.push(object.key);
        if (batch.length === 1000) {
          await this.remove(batch);
          removed += batch.length;
          batch = [];
        }
      }
      await this.remove(batch);
      removed += batch.length;
    }
    return removed;
  }

  /** Keys under a prefix, for operators and tests. */
  async list(prefix: string): Promise<string[]> {
    return (await this.listWithDetails(prefix)).map((o) => o.key);
  }

  /** Objects under a prefix with their size and time of last change, all held in memory (operators and tests). */
  async listWithDetails(prefix: string): Promise<StoredObjectInfo[]> {
    const objects: StoredObjectInfo[] = [];
    for await (const object of this.listStream(prefix)) objects.push(object);
    return objects;
  }

  /**
   * Objects under a prefix, in key order, as the store pages them (a thousand per request): one
   * page is held at a time and the next is requested only as the reader reaches the end of it, so a
   * reader that pauses (to check or remove a batch) holds the listing back.
   * @throws the client's error while iterating (the store cannot be reached)
   */
  async *listStream(prefix: string): AsyncGenerator<StoredObjectInfo> {
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<BucketItem>) {
      if (item.name) yield { key: item.name, size: item.size, lastModified: item.lastModified };
    }
  }
}
