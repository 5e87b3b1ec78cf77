import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * American → British spelling normaliser (spec §1: "Descriptions are in British English").
 *
 * Source of the word list: the maintained dictionaries of the npm package
 * `american-british-english-translator` (MIT, github.com/hyperreality/American-British-English-Translator):
 * `data/american_spellings.json` (about 1,700 American spellings, each mapped to its British form),
 * minus the words in the package's own `data/ignore_list.json` and minus any mapping whose value
 * contains whitespace (so the word count of a text never changes, spec §9 "exactly 88 words").
 *
 * Two small additions, both documented below:
 * - HOMOGRAPHS: keys whose American spelling is also the correct British spelling of a common
 *   sense, so that replacing them would introduce errors ("a design practice", "a first draft").
 * - Derived inflections the list truly lacks (checked against the list at load time; an entry of
 *   the list always wins): `-ization(s)` from a listed `-ize → -ise` verb ("characterization"),
 *   `-ors/-ored/-oring` from a listed `-or → -our` word ("armors"), `-ers` from a listed
 *   `-er → -re` word ("lusters").
 */

const require = createRequire(import.meta.url);
const DATA_DIR = path.join(path.dirname(require.resolve('american-british-english-translator/package.json')), 'data');

/**
 * American spellings that are also correct British English in a common sense, so they are never
 * rewritten: practice (British noun), draft (a drawing or document; "draught" is air or drink),
 * tire (the verb), install ("instal" is a rare variant), licensed/license (British verb form),
 * filter (the same in British English; "philtre" is a potion).
 */
const HOMOGRAPHS: ReadonlySet<string> = new Set([
  'practice',
  'practiced',
  'practicing',
  'draft',
  'drafts',
  'drafty',
  'tire',
  'tires',
  'install',
  'installs',
  'license',
  'licensed',
  'licenses',
  'filter',
  'filters',
  'filtered',
  'filtering',
]);

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8'));
}

function loadSpellings(): ReadonlyMap<string, string> {
  const raw = readJson('american_spellings.json');
  const ignore = readJson('ignore_list.json');
  if (typeof raw !== 'object' || raw === null || !Array.isArray(ignore)) {
    throw new Error('american-british-english-translator: unexpected data format');
  }
  const ignored = new Set(ignore.filter((w): w is string => typeof w === 'string').map((w) => w.toLowerCase()));
  const listed = new Map<string, string>();
  for (const [american, british] of Object.entries(raw)) {
    if (typeof british !== 'string' || /\s/.test(british) || /\s/.test(american)) continue;
    const key = american.toLowerCase();
    if (ignored.has(key) || HOMOGRAPHS.has(key)) continue;
    listed.set(key, british.toLowerCase());
  }

  const map = new Map(listed);
  const derive = (american: string, british: string): void => {
    if (!listed.has(american) && !map.has(american) && !HOMOGRAPHS.has(american) && !ignored.has(american)) {
      map.set(american, british);
    }
  };
  for (const [american, british] of listed) {
    if (american.endsWith('ize') && british.endsWith('ise')) {
      const a = american.slice(0, -3);
      const b = british.slice(0, -3);
      derive(`${a}ization`, `${b}isation`);
      derive(`${a}izations`, `${b}isations`);
    } else if (american.endsWith('or') && british.endsWith('our')) {
      for (const suffix of ['s', 'ed', 'ing']) derive(american + suffix, british + suffix);
    } else if (american.endsWith('er') && british.endsWith('re')) {
      derive(`${american}s`, `${british}s`);
    }
  }
  return map;
}

/** Lower-case American spelling → lower-case British spelling; loaded once at module load. */
const SPELLINGS = loadSpellings();

/** A run of letters (any script) with combining marks: "colour", "façade", "Gray". */
const WORD = /\p{L}[\p{L}\p{M}]*/gu;

function matchCase(original: string, british: string): string | null {
  if (original === original.toLowerCase()) return british;
  if (original === original.toUpperCase()) return british.toUpperCase();
  const first = original.charAt(0);
  const rest = original.slice(1);
  if (first === first.toUpperCase() && rest === rest.toLowerCase()) {
    return british.charAt(0).toUpperCase() + british.slice(1);
  }
  return null; // mixed case such as "ColorMatch" or "iColor": an identifier, left alone
}

/**
 * Rewrites American spellings as British ones, word by word.
 *
 * Whole words only (a word is a run of letters; a hyphen or apostrophe separates words, so
 * "gray-green" becomes "grey-green" while "decolorize", absent from the list, stays as it is).
 * Case is kept for lower, UPPER and Capitalised words; mixed-case words are left alone.
 * Punctuation and whitespace are untouched, so `countWords` gives the same number before and after.
 *
 * @param text any text; an empty string returns an empty string
 * @returns the same text with listed American spellings replaced
 */
export function toBritishSpelling(text: string): string {
  return text.replace(WORD, (word) => {
    const british = SPELLINGS.get(word.toLowerCase());
    if (british === undefined) return word;
    return matchCase(word, british) ?? word;
  });
}
