#!/usr/bin/env node
// `npm run bench:credits` (docs/performance.md): contention on one account's
// credits through the real service. Builds, starts the app as `npm start` does on state of its own
// (port 3800, its own database, Redis db 5), gives one account a balance of 4,000 credits, then
// sends 1,000 `billing.reserve-credits` commands of 5 credits each over the `billing` queue
// (CommandClient, as the generation worker will) and prints reservations per second, p50/p95
// latency and the final balance. Three runs: 50, 200 and all 1,000 reservations in flight at once.
// Budget: at least 500 reservations/s, p95 at most 100 ms, the balance never below zero (800 of each
// run's 1,000 fit; the rest must be refused with 409). With n in flight, a caller waits about
// n / throughput (Little's law), so p95 ≤ 100 ms can hold only with few in flight: docs/performance.md.
// Then the same runs through the queue alone (`bench-queue-alone.mjs`: a worker that does nothing,
// with the billing queue's settings), the floor under any handler.
// Clears its state before and after. `ARCHLENS_SKIP_BUILD=1` skips the build.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clearBenchState, connectBenchDatabase, inParallel, percentile, startBenchApp } from './bench-app.mjs';
import { measureQueueAlone } from './bench-queue-alone.mjs';
import { buildAll, ensureDependencies, ROOT } from './bootstrap.mjs';

const PORT = 3800;
const STATE_DIR = '.local/benchcredits';
const DATABASE = 'archlens_benchcredits';
const REDIS_DB = 5;
const PG_PORT = 54362;
const RESERVATIONS = 1000;
const AMOUNT = 5;
const BALANCE = 4000;
/** Reservations in flight at once, one run each; the last is the budget's 1,000 at once. */
const IN_FLIGHT = [50, 200, 1000];
const WARM_UP = 50;
const BUDGET = { perSecond: 500, p95Ms: 100 };

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();
const { CommandClient, DomainError } = await import(path.join(ROOT, 'libs/platform/dist/messaging.js'));
const { QUEUE_SETTINGS } = await import('@archlens/contracts/queues');

const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });

/**
 * Sends `RESERVATIONS` reservations for a fresh account holding `BALANCE`, at most `inFlight` at a time.
 * @returns durations (ms) of every reservation, how many were granted and refused, the wall time (ms), the final balance
 */
async function run(commands, db, inFlight) {
  const userId = randomUUID();
  await db.query('INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, $2)', [userId, BALANCE]);
  const reserve = async () => {
    try {
      await commands.request('billing.reserve-credits', { userId, amount: AMOUNT, reference: randomUUID() });
      return 'granted';
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'credits.insufficient') throw error;
      return 'refused';
    }
  };
  const { results, durations, wallMs } = await inParallel(RESERVATIONS, inFlight, reserve);
  const granted = results.filter((r) => r === 'granted').length;
  const refused = results.length - granted;
  const { rows } = await db.query('SELECT balance FROM billing.credit_balances WHERE user_id = $1', [userId]);
  const { rows: ledger } = await db.query('SELECT COALESCE(sum(delta), 0)::int AS total FROM billing.credit_ledger WHERE user_id = $1', [
    userId,
  ]);
  return { durations, granted, refused, wallMs, balance: rows[0].balance, ledgerTotal: ledger[0].total };
}

await clearState();
const bench = startBenchApp({
  port: PORT,
  stateDir: STATE_DIR,
  env: {
    ARCHLENS_LOCAL_DB: DATABASE,
    ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
    ARCHLENS_LOCAL_PG_PORT: String(PG_PORT),
    ARCHLENS_LOCAL_REDIS_PORT: '63798',
    ARCHLENS_LOCAL_S3_PORT: '9703',
    STRIPE_SECRET_KEY: '',
  },
});

let db;
let commands;
try {
  await bench.waitHealthy();
  db = await connectBenchDatabase({ database: DATABASE, pgPort: PG_PORT });
  const { redisUrl } = JSON.parse(readFileSync(path.join(ROOT, STATE_DIR, 'services.json'), 'utf8'));
  commands = new CommandClient(redisUrl);
  await commands.connect(['billing']);
  // Warm up: connections, prepared plans, JIT.
  const warm = randomUUID();
  await db.query('INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, $2)', [warm, WARM_UP * AMOUNT]);
  await Promise.all(
    Array.from({ length: WARM_UP }, () =>
      commands.request('billing.reserve-credits', { userId: warm, amount: AMOUNT, reference: randomUUID() }),
    ),
  );

  const results = [];
  for (const inFlight of IN_FLIGHT) results.push({ label: `${inFlight} in flight`, ...(await run(commands, db, inFlight)) });
  const queueAlone = await measureQueueAlone({ redisUrl, settings: QUEUE_SETTINGS.billing, total: RESERVATIONS, inFlightRuns: IN_FLIGHT });
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(
    `\n${RESERVATIONS} reservations of ${AMOUNT} credits against one account holding ${BALANCE} (${BALANCE / AMOUNT} fit), through the billing queue`,
  );
  console.log('run                              res/s      p50        p95   granted refused  balance  budget');
  for (const r of results) {
    const perSecond = (RESERVATIONS / r.wallMs) * 1000;
    const p95 = percentile(r.durations, 95);
    const ok = perSecond >= BUDGET.perSecond && p95 <= BUDGET.p95Ms && r.balance >= 0;
    console.log(
      `${r.label.padEnd(30)} ${perSecond.toFixed(0).padStart(7)} ${`${percentile(r.durations, 50).toFixed(1)} ms`.padStart(9)} ${`${p95.toFixed(1)} ms`.padStart(10)}` +
        ` ${String(r.granted).padStart(8)} ${String(r.refused).padStart(7)} ${String(r.balance).padStart(8)}  ≥ ${BUDGET.perSecond}/s, p95 ≤ ${BUDGET.p95Ms} ms, ≥ 0: ${verdict(ok)}`,
    );
    if (r.balance < 0 || r.granted !== BALANCE / AMOUNT || r.balance !== 0 || r.ledgerTotal !== -BALANCE) {
      throw new Error(`credits went wrong: ${JSON.stringify({ granted: r.granted, balance: r.balance, ledger: r.ledgerTotal })}`);
    }
  }
  console.log(
    `\nThe queue alone: the same ${RESERVATIONS} commands answered by a worker that does nothing (concurrency ${QUEUE_SETTINGS.billing.concurrency}, as billing)`,
  );
  console.log('run                              res/s      p50        p95');
  for (const q of queueAlone) {
    console.log(
      `${`${q.inFlight} in flight`.padEnd(30)} ${((RESERVATIONS / q.wallMs) * 1000).toFixed(0).padStart(7)} ${`${percentile(q.durations, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(q.durations, 95).toFixed(1)} ms`.padStart(10)}`,
    );
  }
  await commands.close();
  await db.end();
  await bench.stop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await commands?.close().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await bench.stop();
  console.error(`the end of the app's log:\n${readFileSync(bench.logPath, 'utf8').split('\n').slice(-40).join('\n')}`);
  await clearState().catch(() => undefined);
  process.exit(1);
}
await clearState();
