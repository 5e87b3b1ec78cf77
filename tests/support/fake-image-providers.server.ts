// Test-only: a loopback HTTP server that speaks the two image-generation protocols generation-worker
// uses: OpenAI's images edit (`POST /v1/images/edits`, multipart, JSON answer with
// base64 images) and Stability AI's sketch control (`POST /v2beta/stable-image/control/sketch`,
// multipart, image bytes with `seed` and `finish-reason` headers). It checks each request as the
// real API would (a 400 in the provider's error format otherwise), answers with real images made
// with sharp, records every request and what became of it, and can fail (HTTP 500 with the
// provider's error body), hang, or hold its answer until the test lets it go, on demand.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type ImageProviderName = 'openai' | 'stability-ai';

/** One uploaded file part, as the server read it. */
export interface RecordedFilePart {
  field: string;
  fileName: string;
  contentType: string;
  bytes: number;
  /** What sharp read in it (`jpeg`, `png`, `webp`), or null when it is not an image. */
  format: string | null;
  width: number | null;
  height: number | null;
}

/** What became of a request: answered with images, failed on purpose (500), refused (400), held, or left by its client. */
export type RequestOutcome = 'pending' | 'answered' | 'failed' | 'refused' | 'held' | 'aborted';

export interface RecordedImageRequest {
  provider: ImageProviderName;
  method: string;
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  /** Text fields, repeated ones in order (`image[]` parts are files, see `files`). */
  fields: Record<string, string[]>;
  files: RecordedFilePart[];
  /** Why the server refused it with 400, or null when it was well formed. */
  refusal: string | null;
  outcome: RequestOutcome;
  /** Images sent back (OpenAI: `n`; Stability: 1), once answered. */
  imagesAnswered: number;
  /** Stability: the seed answered in the `seed` header. */
  seedAnswered: number | null;
  receivedAt: number;
}

/** What the server does with a well-formed request. */
export type FakeBehaviour =
  /**
   * Answer with images (`format`: the image format sent back; by default what the request asked for: OpenAI `output_format`, else PNG; Stability `output_format`).
   * `picture`: every image is this picture, fitted into the size asked on white (a render that kept a sketch, or lost it), instead of a plain made-up one.
   */
  | { kind: 'answer'; format?: 'png' | 'jpeg' | 'webp'; picture?: Buffer }
  /** HTTP `status` (500 by default) with the provider's error body carrying `message`. */
  | { kind: 'fail'; status?: number; message?: string }
  /** Never answer (until the client gives up or the server closes). */
  | { kind: 'hang' }
  /** Answer with images once `until` settles (a test changes the world while the provider renders). */
  | { kind: 'hold'; until: Promise<unknown> };

/** A scripted behaviour for the next `times` requests (default 1) of `provider` that `match` accepts. */
export interface FakeRule {
  provider: ImageProviderName;
  match?: (request: RecordedImageRequest) => boolean;
  behaviour: FakeBehaviour;
  times?: number;
}

export interface FakeImageProviders {
  port: number;
  /** For `GENERATION_OPENAI_BASE_URL`: `http://127.0.0.1:<port>/v1`. */
  openaiBaseUrl: string;
  /** For `STABILITY_API_BASE`: `http://127.0.0.1:<port>`. */
  stabilityBaseUrl: string;
  requests: RecordedImageRequest[];
  /** Adds a scripted behaviour; rules apply in the order added, each until its `times` are used. */
  rule(rule: FakeRule): void;
  /** Forgets the recorded requests and the rules. */
  reset(): void;
  /** Resolves with the first recorded request (earlier or later) that `predicate` accepts. @throws after `timeoutMs` */
  waitFor(predicate: (request: RecordedImageRequest) => boolean, timeoutMs?: number): Promise<RecordedImageRequest>;
  close(): Promise<void>;
}

/** OpenAI's images edit path under the base URL's `/v1`. */
export const OPENAI_EDITS_PATH = '/v1/images/edits';
/** Stability AI's sketch-control path. */
export const STABILITY_SKETCH_PATH = '/v2beta/stable-image/control/sketch';

const OPENAI_SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'];
const MAX_STABILITY_SEED = 4_294_967_294;

const one = (fields: Record<string, string[]>, key: string): string | undefined => fields[key]?.[0];

/** Reads a multipart body with the platform's own parser (undici's `Response.formData`). */
async function readMultipart(body: Buffer, contentType: string): Promise<{ fields: Record<string, string[]>; files: RecordedFilePart[] }> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string[]> = {};
  const files: RecordedFilePart[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      (fields[field] ??= []).push(value);
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    const metadata = await sharp(bytes)
      .metadata()
      .catch(() => undefined);
    files.push({
      field,
      fileName: value.name,
      contentType: value.type,
      bytes: bytes.length,
      format: metadata?.format ?? null,
      width: metadata?.width ?? null,
      height: metadata?.height ?? null,
    });
  }
  return { fields, files };
}

/** What OpenAI would refuse in an images edit request, or null. */
export function checkOpenAiEdit(request: RecordedImageRequest): string | null {
  const f = request.fields;
  if (!request.authorization?.startsWith('Bearer ')) return 'missing bearer API key';
  if (!one(f, 'model')) return 'model is required';
  if (!one(f, 'prompt')?.trim()) return 'prompt is required';
  const n = Number(one(f, 'n') ?? '1');
  if (!Number.isInteger(n) || n < 1 || n > 10) return 'n must be an integer between 1 and 10';
  if (!OPENAI_SIZES.includes(one(f, 'size') ?? '')) return `size must be one of ${OPENAI_SIZES.join(', ')}`;
  if (!['high', 'low'].includes(one(f, 'input_fidelity') ?? '')) return 'input_fidelity must be high or low';
  const quality = one(f, 'quality');
  if (quality !== undefined && !['low', 'medium', 'high', 'auto'].includes(quality)) return 'quality must be low, medium, high or auto';
  const images = request.files.filter((file) => file.field === 'image[]' || file.field === 'image');
  if (images.length === 0) return 'image is required';
  if (images.length > 16) return 'at most 16 images';
  if (request.files.some((file) => file.field !== 'image[]' && file.field !== 'image')) return 'unexpected file field';
  if (!images.every((image) => ['jpeg', 'png', 'webp'].includes(image.format ?? ''))) return 'every image must be a png, webp or jpg file';
  return null;
}

/** What Stability AI would refuse in a sketch-control request, or null. */
export function checkStabilitySketch(request: RecordedImageRequest): string | null {
  const f = request.fields;
  if (!request.authorization?.startsWith('Bearer ')) return 'authorization: missing bearer API key';
  if (request.accept !== 'image/*') return 'accept: must be image/* to receive image bytes';
  const image = request.files.find((file) => file.field === 'image');
  if (!image || !['jpeg', 'png', 'webp'].includes(image.format ?? '')) return 'image: must be a jpeg, png or webp image';
  if ((image.width ?? 0) < 64 || (image.height ?? 0) < 64) return 'image: every side must be at least 64 pixels';
  if (!one(f, 'prompt')?.trim()) return 'prompt: is required';
  const strength = Number(one(f, 'control_strength') ?? '0.7');
  if (!(strength >= 0 && strength <= 1)) return 'control_strength: must be between 0 and 1';
  const seed = one(f, 'seed');
  if (seed !== undefined && !(/^\d+$/.test(seed) && Number(seed) <= MAX_STABILITY_SEED))
    return 'seed: must be an integer from 0 to 4294967294';
  if (!['jpeg', 'png', 'webp'].includes(one(f, 'output_format') ?? 'png')) return 'output_format: must be jpeg, png or webp';
  return null;
}

/** A real picture of `width`×`height` in `format`, its colour told apart by `variant`; or `picture` fitted into that size on white. */
async function renderImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  variant: number,
  picture?: Buffer,
): Promise<Buffer> {
  if (picture) {
    return sharp(picture)
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'contain', background: '#ffffff' })
      .toFormat(format)
      .toBuffer();
  }
  const hue = (variant * 67) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: 140, b: 255 - hue } } })
    .composite([
      {
        input: await sharp({ create: { width: Math.ceil(width / 2), height: Math.ceil(height / 3), channels: 3, background: '#f4efe6' } })
          .png()
          .toBuffer(),
        top: Math.floor(height / 3),
        left: Math.floor(width / 4),
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/**
 * Starts the server on a loopback port (a free one unless `port` is given: the end-to-end tests use
 * a fixed one, since the app's base URLs are set before the server starts).
 * @param options.delayMs wait before each answer, in ms (default 0)
 */
export async function startFakeImageProviders(options: { port?: number; delayMs?: number } = {}): Promise<FakeImageProviders> {
  let requests: RecordedImageRequest[] = [];
  let rules: Array<FakeRule & { left: number }> = [];
  const waiters: Array<{ predicate: (r: RecordedImageRequest) => boolean; resolve: (r: RecordedImageRequest) => void }> = [];
  let created = 0;

  const behaviourFor = (request: RecordedImageRequest): FakeBehaviour => {
    const rule = rules.find((r) => r.left > 0 && r.provider === request.provider && (r.match?.(request) ?? true));
    if (!rule) return { kind: 'answer' };
    rule.left--;
    return rule.behaviour;
  };

  const notify = (request: RecordedImageRequest) => {
    for (const waiter of [...waiters]) {
      if (waiter.predicate(request)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(request);
      }
    }
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const errorBody = (provider: ImageProviderName, status: number, message: string) =>
    provider === 'openai'
      ? { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } }
      : { id: `err-${status}`, name: status >= 500 ? 'internal_error' : 'bad_request', errors: [message] };

  const answerOpenAi = async (
    request: RecordedImageRequest,
    res: http.ServerResponse,
    format: 'png' | 'jpeg' | 'webp',
    picture?: Buffer,
  ) => {
    const n = Number(one(request.fields, 'n') ?? '1');
    const size = one(request.fields, 'size') ?? '1024x1024';
    const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number);
    const data = await Promise.all(
      Array.from({ length: n }, async (_, i) => ({
        b64_json: (await renderImage(width, height, format, created + i, picture)).toString('base64'),
      })),
    );
    created += n;
    request.imagesAnswered = n;
    sendJson(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data,
      output_format: format,
      size,
      quality: one(request.fields, 'quality'),
    });
  };

  const answerStability = async (
    request: RecordedImageRequest,
    res: http.ServerResponse,
    format: 'png' | 'jpeg' | 'webp',
    picture?: Buffer,
  ) => {
    const image = request.files.find((file) => file.field === 'image');
    const given = one(request.fields, 'seed');
    const seed = given !== undefined && given !== '0' ? Number(given) : Math.floor(Math.random() * MAX_STABILITY_SEED);
    const bytes = await renderImage(image?.width ?? 1024, image?.height ?? 1024, format, seed, picture);
    request.imagesAnswered = 1;
    request.seedAnswered = seed;
    res.writeHead(200, { 'content-type': `image/${format}`, seed: String(seed), 'finish-reason': 'SUCCESS' });
    res.end(bytes);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0];
        const provider: ImageProviderName | undefined =
          path === OPENAI_EDITS_PATH ? 'openai' : path === STABILITY_SKETCH_PATH ? 'stability-ai' : undefined;
        if (req.method !== 'POST' || !provider) return sendJson(res, 404, { error: { message: `unknown route ${req.method} ${path}` } });
        const contentType = req.headers['content-type'] ?? '';
        const parsed = contentType.startsWith('multipart/form-data')
          ? await readMultipart(Buffer.concat(chunks), contentType).catch(() => undefined)
          : undefined;
        const request: RecordedImageRequest = {
          provider,
          method: req.method,
          path,
          authorization: req.headers.authorization,
          accept: req.headers.accept,
          fields: parsed?.fields ?? {},
          files: parsed?.files ?? [],
          refusal: null,
          outcome: 'pending',
          imagesAnswered: 0,
          seedAnswered: null,
          receivedAt: Date.now(),
        };
        request.refusal = parsed
          ? provider === 'openai'
            ? checkOpenAiEdit(request)
            : checkStabilitySketch(request)
          : 'the body must be multipart/form-data';
        requests.push(request);
        res.on('close', () => {
          if (!res.writableFinished && (request.outcome === 'pending' || request.outcome === 'held')) request.outcome = 'aborted';
        });
        if (request.refusal) {
          request.outcome = 'refused';
          notify(request);
          return sendJson(res, 400, errorBody(provider, 400, request.refusal));
        }
        const behaviour = behaviourFor(request);
        if (behaviour.kind === 'hang') {
          request.outcome = 'held';
          notify(request);
          return;
        }
        if (behaviour.kind === 'hold') {
          request.outcome = 'held';
          notify(request);
          await behaviour.until.catch(() => undefined);
          request.outcome = 'pending';
        } else notify(request);
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (res.destroyed) return;
        if (behaviour.kind === 'fail') {
          request.outcome = 'failed';
          const status = behaviour.status ?? 500;
          return sendJson(
            res,
            status,
            errorBody(provider, status, behaviour.message ?? 'The server had an error while processing your request.'),
          );
        }
        const asked = one(request.fields, 'output_format');
        const format =
          (behaviour.kind === 'answer' ? behaviour.format : undefined) ?? (asked === 'jpeg' || asked === 'webp' ? asked : 'png');
        const picture = behaviour.kind === 'answer' ? behaviour.picture : undefined;
        if (provider === 'openai') await answerOpenAi(request, res, format, picture);
        else await answerStability(request, res, format, picture);
        request.outcome = 'answered';
      })().catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server error: ${String(error)}` } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    openaiBaseUrl: `http://127.0.0.1:${port}/v1`,
    stabilityBaseUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    rule(rule) {
      rules.push({ ...rule, left: rule.times ?? 1 });
    },
    reset() {
      requests = [];
      rules = [];
    },
    waitFor(predicate, timeoutMs = 30_000) {
      const earlier = requests.find(predicate);
      if (earlier) return Promise.resolve(earlier);
      return new Promise<RecordedImageRequest>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching image request within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (request) => {
            clearTimeout(timer);
            resolve(request);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
