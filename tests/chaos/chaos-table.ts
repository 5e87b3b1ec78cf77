// Test-only: the chaos suite's table: one row per case, printed at the end and
// written to test-results/chaos-table.md for the closing note.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What one fault did to the work in flight. */
export interface ChaosRow {
  case: string;
  /** What was in flight when the fault hit, in words and numbers. */
  inFlight: string;
  completed: number;
  /** Refused or failed with a clear error to the caller (and nothing charged for it). */
  failedCleanly: number;
  /** Neither completed nor failed cleanly: no answer, a wrong answer, or a job that vanished. Target 0. */
  lost: number;
  /** A job charged twice, a reservation captured twice, a failed job charged, or a balance that does not add up. Target 0. */
  doubleCharges: number;
  notes: string;
}

const rows: ChaosRow[] = [];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Adds a case's row and prints it at once. */
export function recordRow(row: ChaosRow): void {
  rows.push(row);
  console.log(`chaos row: ${format([row]).split('\n')[2]}`);
}

/** The table in Markdown. */
function format(list: ChaosRow[]): string {
  const head = '| case | in flight | completed | failed cleanly | lost | double charges | notes |\n|---|---|---|---|---|---|---|';
  const body = list.map(
    (r) => `| ${r.case} | ${r.inFlight} | ${r.completed} | ${r.failedCleanly} | ${r.lost} | ${r.doubleCharges} | ${r.notes} |`,
  );
  return [head, ...body].join('\n');
}

/** Prints every row so far and writes them to test-results/chaos-table.md. */
export function printTable(): void {
  if (rows.length === 0) return;
  const table = format(rows);
  const dir = path.join(repoRoot, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'chaos-table.md'), `${table}\n`);
  console.log(`Chaos table (${process.env.CHAOS_SHORT === '1' ? 'short form' : 'full'}):\n${table}`);
}
