import { PRICING_TEXTS } from './texts';

describe('/pricing plan texts (spec §1 pricing tiers)', () => {
  it('the Free card offers PDF export, as spec §1 words it', () => {
    expect(PRICING_TEXTS.plans.free.features).toContain('PDF export');
    expect(PRICING_TEXTS.plans.free.features.join(' ')).not.toMatch(/by e-mail/);
  });

  it('prices every card in SGD, the Free card as 0 SGD', () => {
    const { free, monthly, yearly } = PRICING_TEXTS.plans;
    expect([free.priceLabel, monthly.priceLabel, yearly.priceLabel]).toEqual(['0 SGD', '49.99 SGD', '499 SGD']);
  });
});
