import { describe, expect, it } from '@jest/globals';
import { toOpenApiPath } from './openapi-path.js';

/** `:param` segments of the contract's paths become OpenAPI `{param}` templates. */
describe('toOpenApiPath', () => {
  it('leaves a path without parameters as it is', () => {
    expect(toOpenApiPath('/api/auth/user')).toEqual({ path: '/api/auth/user', params: [] });
  });

  it('turns each :param segment into {param}, in order', () => {
    expect(toOpenApiPath('/api/analyses/:id/pdf')).toEqual({ path: '/api/analyses/{id}/pdf', params: ['id'] });
    expect(toOpenApiPath('/api/download/:jobId/:index')).toEqual({ path: '/api/download/{jobId}/{index}', params: ['jobId', 'index'] });
  });

  it('refuses what is not one plain parameter per segment', () => {
    for (const path of ['/api/files/*splat', '/api/a/:id?', '/api/{opt}', '/api/range/:from-:to', '/api/x/:a/:a', '/api/x/:1d']) {
      expect(() => toOpenApiPath(path)).toThrow();
    }
  });
});
