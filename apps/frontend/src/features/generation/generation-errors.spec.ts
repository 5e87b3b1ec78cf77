import { HttpError } from '../../api/client';
import { generateFormFields } from './api/generation-api';
import { generationErrorToast, newJobId, sketchAnalysisErrorText } from './generation-errors';
import { parseProgressEvent } from './hooks/use-generation-progress';

/** The gateway's error body: `{code, message}`, and `params` when the code has any. */
const json = (message: string, code = 'generation.provider-failed', params?: Record<string, unknown>) =>
  JSON.stringify({ code, message, ...(params ? { params } : {}) });

describe('generation failure toasts (spec §8)', () => {
  it("a provider's error is 'Generation Failed' with the server's text", () => {
    expect(generationErrorToast(new HttpError(502, json('Your request was rejected by the safety system.'), 'Bad Gateway'))).toEqual({
      title: 'Generation Failed',
      description: 'Your request was rejected by the safety system.',
    });
    // A body that is not the gateway's JSON is the text itself.
    expect(generationErrorToast(new HttpError(500, 'upstream timed out', 'Internal Server Error'))).toEqual({
      title: 'Generation Failed',
      description: 'upstream timed out',
    });
    expect(generationErrorToast(new HttpError(503, '', 'Service Unavailable'))).toEqual({
      title: 'Generation Failed',
      description: '503: Service Unavailable',
    });
    expect(generationErrorToast(new TypeError('Failed to fetch'))).toEqual({ title: 'Generation Failed', description: 'Failed to fetch' });
  });

  it("credits.insufficient is 'Insufficient credits for this generation' with '(n over limit)'", () => {
    const message = 'Insufficient credits for this generation (30 over limit)';
    expect(generationErrorToast(new HttpError(409, json(message, 'credits.insufficient', { overBy: 30 }), 'Conflict'))).toEqual({
      title: 'Insufficient credits for this generation',
      description: '(30 over limit)',
    });
    // Another conflict is not about credits.
    const taken = json('This generation id is already in use. Please try again.', 'generation.job-id-taken');
    expect(generationErrorToast(new HttpError(409, taken, 'Conflict'))).toEqual({
      title: 'Generation Failed',
      description: 'This generation id is already in use. Please try again.',
    });
  });

  it("generation.pro-required (or a 403 without a code) is 'Pro Subscription Required'", () => {
    const text = 'An active Pro subscription is required to generate images.';
    for (const body of [json(text, 'generation.pro-required'), JSON.stringify({ message: text })]) {
      expect(generationErrorToast(new HttpError(403, body, 'Forbidden'))).toEqual({
        title: 'Pro Subscription Required',
        description: text,
      });
    }
    // Another 403 (a cross-site request) is a failure, not a subscription matter.
    const crossSite = json('Cross-site requests are not allowed.', 'request.cross-site');
    expect(generationErrorToast(new HttpError(403, crossSite, 'Forbidden'))).toEqual({
      title: 'Generation Failed',
      description: 'Cross-site requests are not allowed.',
    });
  });
});

describe('sketch analysis errors in /create (spec §8)', () => {
  it("an error answer is 'Unable to analyze sketch at this time.'; a failed call 'Error analyzing sketch.'", () => {
    expect(sketchAnalysisErrorText(new HttpError(500, json('boom'), 'Internal Server Error'))).toBe(
      'Unable to analyze sketch at this time.',
    );
    expect(sketchAnalysisErrorText(new TypeError('Failed to fetch'))).toBe('Error analyzing sketch.');
  });
});

describe('the generation request (spec §7 POST /api/generate)', () => {
  const options = {
    styleDescription: 'Brick and oak',
    sketchDescription: 'A two-storey house',
    aspectRatio: '3:2',
    sketchInfluence: 80,
    detailLevel: 'high',
    lighting: 'overcast',
    variations: 2,
    provider: 'openai',
  } as const;

  it('sends every control as a text field, the job id, and the seed only when there is one', () => {
    const jobId = newJobId();
    expect(generateFormFields(jobId, options)).toEqual([
      ['styleDescription', 'Brick and oak'],
      ['sketchDescription', 'A two-storey house'],
      ['aspectRatio', '3:2'],
      ['sketchInfluence', '80'],
      ['detailLevel', 'high'],
      ['lighting', 'overcast'],
      ['variations', '2'],
      ['provider', 'openai'],
      ['jobId', jobId],
    ]);
    expect(generateFormFields(jobId, { ...options, seed: 0 })).toContainEqual(['seed', '0']);
  });

  it('job ids are distinct UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newJobId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('progress events (GET /api/generations/{jobId}/events)', () => {
  const jobId = '7b0c2f4e-3a59-4d0e-9d3c-1f2e3d4c5b6a';

  it('reads a valid event and drops anything else', () => {
    expect(parseProgressEvent(JSON.stringify({ jobId, stage: 'rendering', percent: 40, imagesDone: 1, imagesTotal: 2 }))).toEqual({
      jobId,
      stage: 'rendering',
      percent: 40,
      imagesDone: 1,
      imagesTotal: 2,
    });
    expect(parseProgressEvent(JSON.stringify({ jobId, stage: 'painting', percent: 40 }))).toBeNull();
    expect(parseProgressEvent('not json')).toBeNull();
    expect(parseProgressEvent(undefined)).toBeNull();
  });
});
