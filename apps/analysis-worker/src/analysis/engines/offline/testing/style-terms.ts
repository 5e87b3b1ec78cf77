/**
 * Named styles, periods and building types that the offline engine must never use: it reads
 * pixels and cannot recognise any of them.
 */
export const FORBIDDEN_TERMS =
  /\b(gothic|neo-gothic|baroque|rococo|romanesque|renaissance|classical|neoclassical|neo-classical|palladian|georgian|victorian|edwardian|tudor|regency|colonial|craftsman|bauhaus|modernist|modernism|modern|postmodern\w*|brutalis[mt]|brutalist|art deco|art nouveau|deconstructiv\w*|international style|beaux-arts|byzantine|moorish|islamic|ottoman|persian|mughal|vernacular|minimalis[mt]|high-tech|cathedral|church|chapel|temple|mosque|palace|castle|museum|laborator\w*|persepolis|tours|ripon|havana|utrecht|budapest|buenos aires|friedrichshafen|mit)\b/i;

/** American spellings that British text must not contain. */
export const AMERICAN_SPELLINGS =
  /\b(color\w*|center\w*|gray\w*|analyz\w*|fiber\w*|aluminum|meter|meters|modeling|harbor\w*|behavior\w*)\b/i;

/**
 * What design prose must not carry: figures, percentages, ratios and the vocabulary of image
 * processing. The primary description, and every expanded section before `## Measurements`, are
 * checked against it.
 */
export const MEASUREMENT_TERMS =
  /\d|%|\bper ?cent\b|\bto 1\b|\b(sobel|k-means|rgb|hex|luminance|chroma|autocorrelation|index|standard deviation|pixels?|frame share|histogram|gradient|threshold)\b/i;
