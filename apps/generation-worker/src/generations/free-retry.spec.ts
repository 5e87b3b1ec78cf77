import { describe, expect, it } from '@jest/globals';
import { GEOMETRY_DRIFT_BELOW } from '@archlens/contracts/generation';
import { freeRetryRefusal, freeRetryState, type FreeRetryFacts } from './free-retry.js';

const drifted: FreeRetryFacts = {
  succeeded: true,
  hasRecipe: true,
  isFreeRetry: false,
  fidelities: [GEOMETRY_DRIFT_BELOW + 30, GEOMETRY_DRIFT_BELOW - 1],
  retriedBy: null,
};

describe('Retry free', () => {
  it('is offered for a succeeded generation with one render below the drift threshold, until a retry is recorded', () => {
    expect(freeRetryState(drifted)).toBe('offered');
    expect(freeRetryRefusal(drifted)).toBeNull();
    const used = { ...drifted, retriedBy: '7b0c4a8e-2f1d-4c3b-9a6e-5d4c3b2a1f0e' };
    expect(freeRetryState(used)).toBe('used');
    expect(freeRetryRefusal(used)?.code).toBe('generation.free-retry-used');
  });

  it('is not offered when every render kept the geometry, or was not measured', () => {
    for (const fidelities of [[GEOMETRY_DRIFT_BELOW, 99], [null], []]) {
      const facts = { ...drifted, fidelities };
      expect(freeRetryState(facts)).toBeNull();
      expect(freeRetryRefusal(facts)?.code).toBe('generation.free-retry-not-offered');
    }
  });

  it('is not offered for a free retry itself, nor for a generation that has not succeeded', () => {
    expect(freeRetryRefusal({ ...drifted, isFreeRetry: true })?.code).toBe('generation.free-retry-not-offered');
    expect(freeRetryState({ ...drifted, succeeded: false })).toBeNull();
  });

  it('names the missing recipe of a drifted generation that kept none', () => {
    const facts = { ...drifted, hasRecipe: false };
    expect(freeRetryState(facts)).toBeNull();
    expect(freeRetryRefusal(facts)?.code).toBe('generation.no-recipe');
  });
});
