import { describe, expect, it } from '@jest/globals';
import { servicesUrlFrom } from './services-url';

describe('servicesUrlFrom: Our Services is offered only when the deployment names its page', () => {
  it('takes an absolute http(s) address', () => {
    expect(servicesUrlFrom('https://studio.example.com/services')).toBe('https://studio.example.com/services');
    expect(servicesUrlFrom('  http://studio.example.com ')).toBe('http://studio.example.com/');
  });

  it('gives null (no link at all) for nothing, blanks and addresses that would not open a page', () => {
    for (const raw of [undefined, null, '', '   ', '/services', 'studio.example.com', 'javascript:alert(1)', 'mailto:a@b.c']) {
      expect({ raw, url: servicesUrlFrom(raw) }).toEqual({ raw, url: null });
    }
  });
});
