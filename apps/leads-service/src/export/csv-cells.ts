/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection): `=`, `+`, `-`, `@`,
 * tab and carriage return at the start of the cell (OWASP "CSV Injection"; issue 13).
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell of the leads CSV made safe to open in a spreadsheet: when it begins with a formula
 * trigger it is prefixed with a single quote `'`, which spreadsheets show as text (the OWASP
 * recommendation); any other text is returned as it is. Quoting of commas, quotes and line breaks
 * is the CSV writer's job (RFC 4180), not this function's.
 * @example neutraliseCell('=HYPERLINK("http://x")') === `'=HYPERLINK("http://x")`
 */
export function neutraliseCell(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]) ? `'${value}` : value;
}
