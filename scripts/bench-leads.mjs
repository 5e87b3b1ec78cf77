#!/usr/bin/env node
// `npm run bench:leads` (docs/performance.md): the admin console's leads at 100,000 rows. Builds,
// starts the app as `npm start` does on state of its own (port 3700), seeds 100,000 leads straight
// into `leads.leads` (names, e-mails and dates over a year, an analysis text of about 700 bytes
// each), then through the real HTTP API with an admin token measures, one request at a time, p50
// and p95 of: a substring search (part of a surname), a filtered sort (source filter, e-mail
// descending, page 1) and the statistics; then one CSV export of every lead (duration, bytes, rows)
// while leads-service's RSS is sampled every 20 ms. Clears its state before and after.
// `ARCHLENS_SKIP_BUILD=1` skips the build.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appPid, clearBenchState, connectBenchDatabase, percentile, sampleRss, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureDependencies, log } from './bootstrap.mjs';

const PORT = 3700;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = '.local/benchleads';
const DATABASE = 'archlens_benchleads';
const REDIS_DB = 4;
const PG_PORT = 54361;
const LEADS = 100_000;
const REQUESTS = 50;
const WARM_UP = 5;
const RSS_SAMPLE_MS = 20;
const MB = 1024 * 1024;
const BUDGET = { searchP95Ms: 50, sortP95Ms: 50, exportPeakRssMb: 150 };
/** Parts of surnames of the seed, searched in turn (each matches a few hundred to a few thousand leads). */
const SEARCHES = ['ingt', 'kowal', 'sen', 'ashi', 'orr'];
const ADMIN_PASSWORD = randomBytes(12).toString('base64url');

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();

const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });

/**
 * 100,000 leads in one statement: first names, surnames and e-mail domains picked by a hash of the
 * row number from lists of 40, 60 and 8, e-mails `first.last<n>@domain`, creation times spread over
 * the last 365 days, and an analysis text of about 700 bytes with headings and line breaks.
 */
const SEED_SQL = `
  WITH names AS (
    SELECT ARRAY['Olivia','Amelia','Isla','Ava','Mia','Ivy','Lily','Isabella','Rosie','Sophia','Grace','Willow','Freya','Florence',
                 'Emily','Ella','Poppy','Evie','Elsie','Charlotte','Noah','Muhammad','George','Oliver','Leo','Arthur','Oscar','Theodore',
                 'Freddie','Theo','Archie','Henry','Alfie','Jack','Finley','Lucas','Thomas','Aarav','Mateo','Kenji'] AS firsts,
           ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans',
                 'Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips',
                 'Mason','Mitchell','Rose','Davis','Rodriguez','Cox','Alexander','Garden','Campbell','Johnston','Moore','Smyth',
                 'Kowalski','Kowalczyk','Nowak','Hansen','Jensen','Nielsen','Andersen','Larsen','Takahashi','Nakashima','Hayashi',
                 'Washington','Lexington','Huntington','Pennington','Farrington','Orr','Morrison','Harrison','Dorrington','Okafor',
                 'Mensah','Dubois'] AS lasts,
           ARRAY['example.com','mail.example.org','studio.example.net','arch.example.co.uk','example.io','design.example',
                 'example.de','practice.example.com'] AS domains
  )
  INSERT INTO leads.leads (id, event_id, first_name, last_name, email, source, created_at, analysis_text, user_id)
  SELECT gen_random_uuid(), gen_random_uuid(), f, l,
         lower(f) || '.' || lower(l) || (i % 1000) || '@' || d,
         'analysis_email',
         now() - make_interval(secs => (abs(hashint4(i + 2000000)) % (365 * 86400))::double precision),
         'The ' || lower(l) || ' house reads as a calm composition of brick, timber and glass, with deep reveals, '
           || 'a strong horizontal datum and a roofline that steps down towards the street.' || E'\\n\\n'
           || '## Massing' || E'\\n' || 'Two offset volumes meet at a glazed hinge; the upper floor cantilevers over the entrance.' || E'\\n\\n'
           || '## Materials' || E'\\n' || 'Hand-made brick in a Flemish bond, oiled larch cladding, bronze-anodised frames and a zinc standing-seam roof.'
           || E'\\n\\n' || '## Light' || E'\\n' || 'Clerestory glazing washes the north wall; deep eaves shade the south in summer.'
           || E'\\n\\n' || 'Tags: brick, timber, cantilever, clerestory, ' || lower(f),
         gen_random_uuid()
    FROM names, generate_series(1, ${LEADS}) AS i,
         LATERAL (SELECT names.firsts[1 + abs(hashint4(i)) % array_length(names.firsts, 1)] AS f,
                         names.lasts[1 + abs(hashint4(i + 1000000)) % array_length(names.lasts, 1)] AS l,
                         names.domains[1 + abs(hashint4(i + 3000000)) % array_length(names.domains, 1)] AS d) AS picked`;

/** Runs `call(i)` `WARM_UP` times unmeasured, then `REQUESTS` times one after another; durations in ms. */
async function measure(call) {
  for (let i = 0; i < WARM_UP; i++) await call(i);
  const durations = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await call(i);
    durations.push(performance.now() - start);
  }
  return durations;
}

await clearState();
const bench = startBenchApp({
  port: PORT,
  stateDir: STATE_DIR,
  env: {
    ARCHLENS_LOCAL_DB: DATABASE,
    ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
    ARCHLENS_LOCAL_PG_PORT: String(PG_PORT),
    ARCHLENS_LOCAL_REDIS_PORT: '63797',
    ARCHLENS_LOCAL_S3_PORT: '9702',
    ADMIN_PASSWORD,
  },
});

let db;
try {
  await bench.waitHealthy();
  db = await connectBenchDatabase({ database: DATABASE, pgPort: PG_PORT });
  log(`seeding ${LEADS.toLocaleString('en-GB')} leads…`);
  const seedStart = performance.now();
  await db.query(SEED_SQL);
  // As autovacuum leaves a table that grew over a year: statistics and the visibility map (index-only counts).
  await db.query('VACUUM ANALYZE leads.leads');
  log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const login = await fetch(`${BASE}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const authorization = { authorization: `Bearer ${token}` };
  const getJson = async (path) => {
    const response = await fetch(`${BASE}${path}`, { headers: authorization });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  const matches = {};
  const search = await measure(async (i) => {
    const term = SEARCHES[i % SEARCHES.length];
    matches[term] = (await getJson(`/api/admin/leads?search=${encodeURIComponent(term)}`)).total;
  });
  let sortTotal = 0;
  const sort = await measure(async () => {
    sortTotal = (await getJson('/api/admin/leads?source=analysis_email&sortBy=email&sortOrder=desc&page=1')).total;
  });
  let totalLeads = 0;
  const stats = await measure(async () => {
    totalLeads = (await getJson('/api/admin/leads/stats')).totalLeads;
  });

  const leads = appPid(bench.app.pid, 'leads-service');
  const gateway = appPid(bench.app.pid, 'gateway');
  const idle = sampleRss(leads, RSS_SAMPLE_MS);
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = percentile(idle.samples, 50);
  idle.stop();
  const leadsRss = sampleRss(leads, RSS_SAMPLE_MS);
  const gatewayRss = sampleRss(gateway, RSS_SAMPLE_MS);
  const exportStart = performance.now();
  const response = await fetch(`${BASE}/api/admin/leads/export`, { headers: authorization });
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lineEnds = 0;
  let previousLast = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 0x0a && (i > 0 ? chunk[i - 1] : previousLast) === 0x0d) lineEnds += 1;
    }
    previousLast = chunk[chunk.length - 1];
  }
  const exportMs = performance.now() - exportStart;
  const leadsPeak = leadsRss.stop();
  const gatewayPeak = gatewayRss.stop();
  const rows = lineEnds - 1; // the header row
  if (rows !== LEADS) throw new Error(`the export has ${rows} rows, not ${LEADS}`);

  const ms = (v) => `${v.toFixed(1)} ms`;
  const verdict = (value, budget) => (value <= budget ? 'met' : 'NOT met');
  console.log(
    `\n${LEADS.toLocaleString('en-GB')} leads (${totalLeads} counted by the stats call); ${REQUESTS} requests each, one at a time, after ${WARM_UP} to warm up`,
  );
  console.log('call                                                      p50        p95   budget');
  const row = (label, durations, budget) =>
    console.log(
      `${label.padEnd(56)} ${ms(percentile(durations, 50)).padStart(9)} ${ms(percentile(durations, 95)).padStart(10)}   ${
        budget === undefined ? '(none)' : `p95 ≤ ${budget} ms: ${verdict(percentile(durations, 95), budget)}`
      }`,
    );
  row(`search (${SEARCHES.join(', ')}: ${SEARCHES.map((t) => matches[t]).join(', ')} matches)`, search, BUDGET.searchP95Ms);
  row(`filtered sort (source, e-mail desc, page 1 of ${sortTotal})`, sort, BUDGET.sortP95Ms);
  row('stats', stats, undefined);
  console.log(
    `\nexport of every lead: ${rows.toLocaleString('en-GB')} rows, ${(bytes / MB).toFixed(1)} MB in ${(exportMs / 1000).toFixed(2)} s` +
      ` (${(bytes / MB / (exportMs / 1000)).toFixed(1)} MB/s)`,
  );
  console.log(
    `leads-service RSS: idle ${(idleRss / MB).toFixed(0)} MB, peak ${(leadsPeak.peak / MB).toFixed(0)} MB during the export` +
      ` (${leadsPeak.samples} samples${leadsPeak.hwmReset ? ' and VmHWM' : ''}); budget ≤ ${BUDGET.exportPeakRssMb} MB: ${verdict(leadsPeak.peak / MB, BUDGET.exportPeakRssMb)}`,
  );
  console.log(`gateway peak RSS during the export: ${(gatewayPeak.peak / MB).toFixed(0)} MB (no budget)`);
  await db.end();
  await bench.stop();
} catch (error) {
  await db?.end().catch(() => undefined);
  await bench.stop();
  console.error(`the end of the app's log:\n${readFileSync(bench.logPath, 'utf8').split('\n').slice(-40).join('\n')}`);
  await clearState().catch(() => undefined);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await clearState();
