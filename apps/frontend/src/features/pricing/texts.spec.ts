import { PRICING_TEXTS } from './texts';

describe('/pricing plan texts (spec §1 pricing tiers)', () => {
  it('the Free card offers PDF export, as spec §1 words it', () => {
    expect(PRICING_TEXTS.plans.free.features).toContain('PDF export');
    expect(PRICING_TEXTS.plans.free.features.join(' ')).not.toMatch(/by e-mail/);
  });
});
