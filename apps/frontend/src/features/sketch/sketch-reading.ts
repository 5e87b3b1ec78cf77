/**
 * Pure helpers of the sketch reading's result: its description, its details (a list of strings or
 * one string) and its completion time.
 */

/** A leading list marker of a point given as a line: "- ", "* ", "• ", "1. " or "1) ". */
const LIST_MARKER = /^(?:[-*•]|\d+[.)])\s+/;

/**
 * The detailed points of a reading as a list (spec §3: `details` is a list of strings or one
 * string). One string is read one point per line, with any list markers dropped; blank points
 * are left out.
 */
export function sketchPointsOf(details: readonly string[] | string): string[] {
  const lines = typeof details === 'string' ? details.replace(/\r\n?/g, '\n').split('\n') : details;
  return lines.map((line) => line.trim().replace(LIST_MARKER, '').trim()).filter((line) => line.length > 0);
}

/** The text Copy and Add to Clipboard take from the Detailed Analysis tab: the points, one per line. */
export function sketchPointsText(points: readonly string[]): string {
  return points.join('\n');
}

/**
 * A duration for people, in British form: "0.4 s", "2.4 s", "59.9 s", then "1 min 5 s".
 * @param ms milliseconds (negative values count as 0)
 */
export function formatDuration(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(tenths / 10);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** "a plan", "an elevation", "an axonometric": a drawing type with its indefinite article. */
export function withArticle(drawingType: string): string {
  return `${/^[aeiou]/i.test(drawingType) ? 'an' : 'a'} ${drawingType}`;
}
