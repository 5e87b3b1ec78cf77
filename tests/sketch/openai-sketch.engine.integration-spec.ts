import { afterEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AnalysisEngineError, createOpenAiClient, OpenAiSketchEngine, SKETCH_SYSTEM_PROMPT } from '@archlens/analysis-worker';
import { signUp } from '../support/accounts.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.server.js';
import { fixtureSketch, THREE_SKETCHES } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/** A model's sketch reading, in American spelling, as a model might write it. */
function reading(points = 4, drawingType = 'Elevation'): string {
  return JSON.stringify({
    drawingType,
    description: 'A two-storey house whose gray rendered volume is centered on a recessed balcony.',
    details: Array.from(
      { length: points },
      (_, i) => `Point ${i + 1}: the windows follow a regular rhythm; the color of the render is implied.`,
    ),
  });
}

describe('OpenAiSketchEngine against a loopback Chat Completions server', () => {
  let fake: FakeChatCompletions | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('sends the sketch instruction, every sketch as a JPEG data URL and the reading schema, and answers in British spelling', async () => {
    fake = await startFakeChatCompletions([reading()]);
    const engine = new OpenAiSketchEngine(createOpenAiClient({ apiKey: 'sk-sketch', baseURL: fake.baseURL }), 'gpt-4o-sketch');
    const result = await engine.read(THREE_SKETCHES.map(fixtureSketch));

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent.refusal).toBeNull();
    expect([sent.authorization, sent.body.model]).toEqual(['Bearer sk-sketch', 'gpt-4o-sketch']);
    const system = String(sent.body.messages!.find((m) => m.role === 'system')!.content);
    expect(system).toBe(SKETCH_SYSTEM_PROMPT);
    for (const topic of [
      'drawing type',
      'massing and volumes',
      'circulation',
      'order and rhythm',
      'openings and enclosure',
      'structure',
      'materials the linework implies',
      'design intent',
      'design brief',
      'no figures or percentages',
      'British English',
    ]) {
      expect(system.toLowerCase()).toContain(topic.toLowerCase());
    }
    const parts = sent.body.messages!.find((m) => m.role === 'user')!.content as Array<{
      type: string;
      text?: string;
      image_url?: { url: string };
    }>;
    expect(parts.find((p) => p.type === 'text')?.text).toBe('Read these 3 architectural sketches.');
    expect(parts.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url.slice(0, 23))).toEqual(
      Array(3).fill('data:image/jpeg;base64,'),
    );
    expect(sent.body.response_format?.json_schema?.name).toBe('sketch_reading');
    expect(sent.body.response_format?.json_schema?.schema?.required).toEqual(['drawingType', 'description', 'details']);

    expect(result.drawingType).toBe('elevation');
    expect(result.description).toBe('A two-storey house whose grey rendered volume is centred on a recessed balcony.');
    expect(result.details[0]).toBe('Point 1: the windows follow a regular rhythm; the colour of the render is implied.');
  });

  it.each([
    ['too few points', reading(2)],
    ['an unknown drawing type', reading(4, 'photograph')],
    ['JSON of the wrong shape', JSON.stringify({ summary: 'x' })],
  ])('refuses %s with a clear engine error (502)', async (_label, answer) => {
    fake = await startFakeChatCompletions([answer]);
    const engine = new OpenAiSketchEngine(createOpenAiClient({ apiKey: 'sk-sketch', baseURL: fake.baseURL }), 'gpt-4o-sketch');
    const failure = engine.read([fixtureSketch('house-facade.png')]);
    await expect(failure).rejects.toBeInstanceOf(AnalysisEngineError);
    await expect(failure).rejects.toMatchObject({
      code: 'analysis.engine-failed',
      message: expect.stringMatching(/^The vision model (did not return a valid sketch reading|answered JSON of the wrong shape)/),
    });
  });
});

describe('with OPENAI_API_KEY set, POST /api/analyze-sketch uses the configured endpoint', () => {
  let stack: Stack | undefined;
  let fake: FakeChatCompletions | undefined;
  afterEach(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('answers with engine "openai" and the model, records the reading, and removes the sketch when the model fails', async () => {
    fake = await startFakeChatCompletions([reading(5, 'plan')]);
    stack = await startStack({
      env: { OPENAI_API_KEY: 'sk-pipeline', OPENAI_BASE_URL: fake.baseURL, OPENAI_VISION_MODEL: 'gpt-4o-pipeline' },
    });
    const { cookie } = await signUp(stack, 'Openai');
    const res = await request(stack.http)
      .post('/api/analyze-sketch')
      .set('Cookie', cookie)
      .attach('image0', fixtureSketch('apartment-floorplan.png'), 'plan.png')
      .expect(200);
    expect(res.body).toMatchObject({ engine: 'openai', model: 'gpt-4o-pipeline', drawingType: 'plan', imageCount: 1 });
    expect(res.body.details).toHaveLength(5);
    const { rows } = await stack.db.query('SELECT engine, model, drawing_type FROM analysis.sketch_readings WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ engine: 'openai', model: 'gpt-4o-pipeline', drawing_type: 'plan' });

    // The script is used up: the next call fails at the model (HTTP 500), and nothing of it stays.
    const before = await stack.footprint();
    const failed = await request(stack.http)
      .post('/api/analyze-sketch')
      .set('Cookie', cookie)
      .attach('image0', fixtureSketch('house-facade.png'), 'facade.png');
    expect([failed.status, failed.body.message]).toEqual([
      502,
      'The vision model could not be reached (HTTP 500). Please try again in a moment.',
    ]);
    const after = await stack.footprint();
    expect([after.objects, after.sketchReadings]).toEqual([before.objects, before.sketchReadings]);
  });
});
