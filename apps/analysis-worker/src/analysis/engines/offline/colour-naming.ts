import { colornames } from 'color-name-list/bestof';
import nearestColor from 'nearest-color';
import { toBritishSpelling } from '../../british-spelling.js';

/** An sRGB colour, each channel 0..255 (gamma-encoded, as decoded from the file). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** HSL of an sRGB colour: hue in degrees 0..360, saturation and lightness 0..1. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** Colour temperature of a palette entry, read from its hue (neutral when nearly unsaturated). */
export type ColourTemperature = 'warm' | 'cool' | 'neutral';

/** Converts 0..255 sRGB to HSL (standard hexcone formulae). */
export function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const c = max - min;
  if (c === 0) return { h: 0, s: 0, l };
  const s = c / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / c) % 6;
  else if (max === gn) h = (bn - rn) / c + 2;
  else h = (rn - gn) / c + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s: Math.min(1, s), l };
}

/** Chroma of an sRGB colour, (max − min) / 255, 0..1: how far it is from a grey. */
export function chroma({ r, g, b }: Rgb): number {
  return (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
}

/** `#rrggbb`, lower case, channels rounded and clamped to 0..255. */
export function rgbToHex({ r, g, b }: Rgb): string {
  const hex = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** Chroma below which a colour counts as a grey (a tint at most). */
const NEUTRAL_CHROMA = 0.07;
/** Chroma bands of a chromatic colour: greyed below 0.15, muted below 0.35, vivid above. */
const GREYED_CHROMA = 0.15;
const MUTED_CHROMA = 0.35;

type Band = 'dark' | 'mid' | 'light';
/** Names for one lightness band: [greyed, muted, vivid]. */
type Names = readonly [string, string, string];
interface HueSector {
  /** Upper bound of the sector in degrees (exclusive); sectors are tried in order. */
  until: number;
  names: Record<Band, Names>;
}

const RED: Record<Band, Names> = {
  dark: ['dark brown', 'oxblood', 'deep red'],
  mid: ['taupe', 'brick red', 'red'],
  light: ['pale pink', 'dusty pink', 'coral'],
};

/** The neutral families `colourFamily` names (no hue), and the strong light terracotta it calls orange. */
const NEUTRAL_FAMILIES = [
  'white',
  'warm off-white',
  'off-white',
  'black',
  'charcoal',
  'warm grey',
  'cool grey',
  'light grey',
  'dark grey',
  'mid grey',
];

/** Hue sectors of the plain colour families, named for each lightness band and chroma band. */
const SECTORS: readonly HueSector[] = [
  { until: 15, names: RED },
  { until: 40, names: { dark: ['dark brown', 'brown', 'rust'], mid: ['taupe', 'tan', 'terracotta'], light: ['sand', 'peach', 'apricot'] } },
  { until: 65, names: { dark: ['umber', 'olive brown', 'bronze'], mid: ['khaki', 'ochre', 'ochre'], light: ['beige', 'straw', 'yellow'] } },
  {
    until: 90,
    names: {
      dark: ['dark olive', 'dark olive', 'olive'],
      mid: ['olive grey', 'olive', 'yellow-green'],
      light: ['pale olive', 'pale olive', 'lime'],
    },
  },
  {
    until: 160,
    names: {
      dark: ['dark green-grey', 'forest green', 'deep green'],
      mid: ['sage', 'sage', 'green'],
      light: ['pale sage', 'pale green', 'light green'],
    },
  },
  {
    until: 195,
    names: { dark: ['dark teal', 'dark teal', 'teal'], mid: ['grey-green', 'teal', 'teal'], light: ['pale aqua', 'aqua', 'aqua'] },
  },
  {
    until: 250,
    names: {
      dark: ['dark slate', 'navy', 'navy'],
      mid: ['slate blue', 'slate blue', 'blue'],
      light: ['pale blue-grey', 'pale blue', 'sky blue'],
    },
  },
  {
    until: 290,
    names: { dark: ['aubergine', 'aubergine', 'indigo'], mid: ['mauve grey', 'mauve', 'violet'], light: ['lavender', 'lavender', 'lilac'] },
  },
  {
    until: 345,
    names: { dark: ['plum', 'plum', 'plum'], mid: ['dusty rose', 'dusty rose', 'magenta'], light: ['pale pink', 'pink', 'pink'] },
  },
  { until: 360, names: RED },
];

function sectorOf(h: number): HueSector {
  return SECTORS.find((s) => h < s.until) ?? SECTORS[SECTORS.length - 1];
}

/** Warm hues: reds, oranges, yellows and the warmer pinks (below 70° or from 320°). */
export function isWarmHue(h: number): boolean {
  return h < 70 || h >= 320;
}

/** Cool hues: cyans, blues and violets (160° to 290°). Greens and magentas count as neither. */
export function isCoolHue(h: number): boolean {
  return h >= 160 && h < 290;
}

/**
 * A plain colour family computed from HSL and chroma, the words an architect would use:
 * "off-white", "warm grey", "charcoal", "ochre", "terracotta", "slate blue", "sage" and so on.
 * Greys (chroma below 0.07) are named by lightness and tinted warm or cool by their hue; other
 * colours by hue sector, lightness band (dark below 0.3, light above 0.66) and chroma band.
 */
export function colourFamily(rgb: Rgb): string {
  const { h, l } = rgbToHsl(rgb);
  const c = chroma(rgb);
  if (c < NEUTRAL_CHROMA) {
    if (l >= 0.9) return 'white';
    if (l >= 0.78) return c >= 0.03 && isWarmHue(h) ? 'warm off-white' : 'off-white';
    if (l < 0.1) return 'black';
    if (l < 0.25) return 'charcoal';
    if (c >= 0.03 && isWarmHue(h)) return 'warm grey';
    if (c >= 0.03 && isCoolHue(h)) return 'cool grey';
    if (l >= 0.6) return 'light grey';
    if (l < 0.4) return 'dark grey';
    return 'mid grey';
  }
  const band: Band = l < 0.3 ? 'dark' : l > 0.66 ? 'light' : 'mid';
  const [greyed, muted, vivid] = sectorOf(h).names[band];
  if (c < GREYED_CHROMA) return greyed;
  if (c < MUTED_CHROMA) return muted;
  // A strong mid-lightness orange is the terracotta and brick of buildings; a light one is orange.
  return vivid === 'terracotta' && l >= 0.55 ? 'orange' : vivid;
}

/** Chroma below which a colour has no temperature. */
export const TEMPERATURE_MIN_CHROMA = 0.04;

/** Warm, cool or neutral, from the hue of a colour with at least a faint tint (`isWarmHue`, `isCoolHue`). */
export function colourTemperature(rgb: Rgb): ColourTemperature {
  if (chroma(rgb) < TEMPERATURE_MIN_CHROMA) return 'neutral';
  const { h } = rgbToHsl(rgb);
  if (isWarmHue(h)) return 'warm';
  if (isCoolHue(h)) return 'cool';
  return 'neutral';
}

/**
 * The vocabulary a colour name may use: colour terms, building materials, metals, minerals, timber,
 * weather, landscape and plants. A name made only of these words cannot name a building, a place, a
 * person or a style (spec brief: the offline engine never claims to recognise any of them) and
 * reads soberly in a professional report ("Weathered Stone", "Polished Limestone", "Zinc").
 */
const NAME_VOCABULARY: ReadonlySet<string> = new Set(
  `
  alabaster almond alpine aluminium aluminum amber anthracite antique apricot aqua aquamarine
  artichoke ash ashen autumn autumnal azure bamboo bark basalt basil bay beach bear beige birch
  bison black bleached bloom blossom blue blue-grey blush bone brass brick bright bronze bronzed
  brown brushed buff burgundy burned burnt butter camel canvas canyon caramel carbon cedar celadon
  cement ceramic cerulean chalk charcoal chestnut chrome cinder cinnamon clay clear cliff cloud
  cloudless clouds cloudy clover coal coast cobalt cocoa coffee cold concrete cool copper coral
  cotton cream crimson crow crystal cyan cypress daisy dandelion dark dawn day deep deepest deer
  desert dove driftwood dune dunes dusk dusky dust dusty earth earthen ebony eggshell elk ember
  embers emerald evening evergreen faded fawn fern field fields fir flint fog foggy forest fox
  frost frosted frosty garden gauze glacial glacier glass gold golden granite graphite grass
  gravel gray green greige grey gull gunmetal harbor harbour harvest hay haze hazel hazelnut hazy
  heather heron hills honey horizon ice icy indigo ink inkwell iris iron ironside ivory ivy jade
  jasmine jet juniper kelp khaki lagoon lake lark latte laurel lavender lead leaf leafy leather
  lemon lichen light lilac lily lime limestone linen lotus magenta magnolia mahogany marble
  marigold maroon mauve meadow metal metallic midnight mineral mint mist misty mocha mole moon
  moonlight moonlit morning moss mossy mountain mouse mushroom mustard muted natural navy nickel
  night noon nutmeg oak oat oatmeal oats obsidian ocean ochre old olive onyx opal orange orchid
  otter owl oyster pale paper parchment patina peach pearl pearly peat pebble pebbles peony pewter
  pigeon pine pink pistachio pitch plaster platinum plum polished pool poppy porcelain primrose
  pure purple putty quarry quartz rain rainy raven raw red reed rich river rose rosemary russet
  rust rustic rusty saddle saffron sage salmon sand sands sandstone sapphire satin scarlet sea
  seafoam seal seaweed sedge sepia shadow shadows shady shell shore sienna silk silken silver sky
  slate smalt smoke smoked smoky snow snowy soft soot sooty sparrow spring spruce steel steely
  stone storm stormy straw suede summer sun sunflower sunlight sunlit sunny surf swan tan
  tangerine tar taupe tawny teak teal terracotta thyme tide tin tobacco toffee travertine true
  tulip turquoise twilight umber valley vanilla velvet verdigris vermilion vintage violet viridian
  walnut warm water wave waves weathered whale wheat white willow winter wisteria wolf wood
  woodland wool worn wren yellow zinc
`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Names that pass the vocabulary test but still read oddly. */
const EXCLUDED_NAMES: ReadonlySet<string> = new Set(['Cool', 'Dark', 'Burned', 'Hay Day', 'Ice Ice']);

/** A usable name: plain ASCII, one to three words, every word from `NAME_VOCABULARY`. */
function usableName(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z -]*$/.test(name) || EXCLUDED_NAMES.has(name)) return false;
  const words = name.toLowerCase().split(/[\s-]+/);
  return words.length <= 3 && words.every((w) => NAME_VOCABULARY.has(w));
}

/** The curated color-name-list "bestof" names that pass `usableName` (about 470), as `{ name: '#hex' }`. */
const NAMED_COLOURS: Record<string, string> = Object.fromEntries(colornames.filter((c) => usableName(c.name)).map((c) => [c.name, c.hex]));
const matchNamedColour = nearestColor.from(NAMED_COLOURS);

/**
 * Nearest named colour from the curated "best of" list of `color-name-list` (meodai/color-names),
 * restricted to `usableName` names, matched by `nearest-color` (Euclidean distance in sRGB), in
 * British spelling ("Harbor Mist" → "Harbour Mist").
 * @returns the display name, e.g. "Zinc" or "Oatmeal"
 */
export function nearestColourName(rgb: Rgb): string {
  const match = matchNamedColour({ r: Math.round(rgb.r), g: Math.round(rgb.g), b: Math.round(rgb.b) });
  if (match === null) throw new Error(`No named colour near ${rgbToHex(rgb)}`);
  return toBritishSpelling(match.name);
}

/** Every family name `colourFamily` can return (the offline tags' "<family> tones"), each once. */
export const COLOUR_FAMILY_NAMES: readonly string[] = [
  ...new Set([
    ...NEUTRAL_FAMILIES,
    'orange',
    ...SECTORS.flatMap((sector) => Object.values(sector.names).flatMap((names: readonly string[]) => [...names])),
  ]),
];
