/**
 * What a colour family usually is on a building, as a likelihood: the materials a critic would
 * name when all there is to go on is the colour. Always phrased as "consistent with …" or
 * "reads as …" by the callers, never as a finding.
 */

/** Each rule: the families it covers, and the materials such a tone usually belongs to. */
const MATERIAL_RULES: ReadonlyArray<{ families: RegExp; materials: string }> = [
  { families: /^(white|off-white|warm off-white|light grey|beige|sand|straw|pale olive)$/, materials: 'pale stone, render or concrete' },
  { families: /^(warm grey|mid grey|khaki|taupe|olive grey)$/, materials: 'stone or concrete' },
  {
    families: /^(cool grey|dark grey|dark slate|slate blue|pale blue-grey|grey-green|mauve grey)$/,
    materials: 'concrete, metal or glazing',
  },
  { families: /^(charcoal|black)$/, materials: 'dark glazing or metal' },
  {
    families: /^(terracotta|brick red|rust|tan|brown|dark brown|oxblood|umber|olive brown|deep red|red)$/,
    materials: 'brick, terracotta or timber',
  },
  {
    families: /^(ochre|bronze|yellow|peach|apricot|orange|coral|dusty pink|dusty rose|pink|pale pink)$/,
    materials: 'painted render or warm-toned stone',
  },
  { families: /(blue|navy|teal|aqua)/, materials: 'glazing or painted surfaces' },
  { families: /(green|sage|olive|lime)/, materials: 'green-painted or weathered surfaces' },
];

/**
 * The materials a colour family is consistent with, e.g. 'warm grey' → 'stone or concrete'.
 * @param family a family of `colourFamily`
 * @returns a short noun phrase; 'painted or clad surfaces' for a family no rule covers
 */
export function materialHint(family: string): string {
  return MATERIAL_RULES.find((rule) => rule.families.test(family))?.materials ?? 'painted or clad surfaces';
}
