import { describe, expect, it } from '@jest/globals';
import { capabilitiesResponseSchema, combineCapabilities } from '@archlens/contracts/capabilities';
import { QUERY_DEFAULTS } from '../../app/query-defaults';
import { queryKeys } from '../../api/query-keys';
import { NOTHING_CHECKED, readCapabilities } from './capabilities';

const OFFLINE = { analysisEngine: 'offline', sketchReadingEngine: 'offline' } as const;

describe('readCapabilities (GET /api/capabilities without zod)', () => {
  it('reads every answer the contract allows exactly as the contract parses it', () => {
    const answers = [
      combineCapabilities({ analysisEngine: 'openai', sketchReadingEngine: 'openai' }, { openai: true, 'stability-ai': true }),
      combineCapabilities(OFFLINE, { openai: false, 'stability-ai': true }),
      combineCapabilities(null, { openai: true, 'stability-ai': false }),
      combineCapabilities(OFFLINE, null),
      combineCapabilities(null, null),
    ];
    for (const answer of answers) expect(readCapabilities(answer)).toEqual(capabilitiesResponseSchema.parse(answer));
  });

  it('claims nothing the answer does not say exactly', () => {
    expect(readCapabilities(null)).toEqual(NOTHING_CHECKED);
    expect(readCapabilities('openai')).toEqual(NOTHING_CHECKED);
    expect(
      readCapabilities({ analysisEngine: 'OpenAI', imageProviders: { openai: 'true', 'stability-ai': 1 }, imageProvidersChecked: 'yes' }),
    ).toEqual(NOTHING_CHECKED);
    expect(capabilitiesResponseSchema.parse(NOTHING_CHECKED)).toEqual(combineCapabilities(null, null));
  });

  it('keeps the prompt workflows available whatever the answer says', () => {
    expect(readCapabilities({ imageProviders: { sora: false, midjourney: false } }).imageProviders).toMatchObject({
      sora: true,
      midjourney: true,
    });
  });
});

describe('the capabilities query', () => {
  it('is keyed by its path and fetched once a visit (spec §9: no retry, no refetch on focus, never stale)', () => {
    expect(queryKeys.capabilities).toEqual(['/api/capabilities']);
    expect(QUERY_DEFAULTS.queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
  });
});
