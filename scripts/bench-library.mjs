#!/usr/bin/env node
// `npm run bench:library` (docs/performance.md): the architect's library at 100,000 items. Builds,
// starts the app as `npm start` does on state of its own (port 4100, Redis database 10, database
// archlens_benchlibrary), signs a user up through the API, creates a project, then seeds the item
// index in one INSERT … SELECT generate_series: 10,000 items of that user (analyses, sketch readings
// and generations over a year, one in 20 filed in the project) and 90,000 of 900 other users, then
// VACUUM ANALYZE. Through the real HTTP API, one request at a time, it measures p50 and p95 of
// `GET /api/projects/{id}` (page 1, newest first) and of `GET /api/library?q=…` (full-text search
// over item text, tags and project names). Clears its state before and after.
// `ARCHLENS_SKIP_BUILD=1` skips the build.
import { readFileSync } from 'node:fs';
import { clearBenchState, connectBenchDatabase, percentile, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureDependencies, log } from './bootstrap.mjs';

const PORT = 4100;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = '.local/benchlibrary';
const DATABASE = 'archlens_benchlibrary';
const REDIS_DB = 10;
const PG_PORT = 54366;
const USER_ITEMS = 10_000;
const ALL_ITEMS = 100_000;
const OTHER_USERS = 900;
const REQUESTS = 50;
const WARM_UP = 5;
const BUDGET = { projectP95Ms: 50, searchP95Ms: 50 };
/** Searches in turn: words of the seeded texts and tags (each matches hundreds to thousands of the user's items), and the project's name. */
const SEARCHES = ['cantilever', 'terracotta loggia', 'brutalist', 'clerestory', 'harbour'];

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();

const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });

/**
 * 100,000 index rows in one statement: the first 10,000 the bench user's ($1; every 20th filed in
 * project $2 named $3), the rest spread over 900 other users; types in turn, creation times over a
 * year, a title and text made of words picked by a hash of the row number, 5 tags.
 */
const SEED_SQL = `
  WITH words AS (
    SELECT ARRAY['brick','timber','concrete','glass','stone','terracotta','zinc','render','steel','bronze'] AS materials,
           ARRAY['cantilever','loggia','colonnade','clerestory','courtyard','atrium','arcade','pergola','plinth','cornice'] AS elements,
           ARRAY['brutalist','classical','gothic','modernist','vernacular','baroque','deconstructivist','minimalist','organic','georgian'] AS styles
  )
  INSERT INTO analysis.library_items
    (item_type, item_id, user_id, project_id, project_name, created_at, title, body, tags, image_count)
  SELECT (ARRAY['analysis','sketch-reading','generation'])[1 + i % 3],
         gen_random_uuid(),
         CASE WHEN i <= ${USER_ITEMS} THEN $1::uuid
              ELSE ('00000000-0000-4000-8000-' || lpad(to_hex(i % ${OTHER_USERS}), 12, '0'))::uuid END,
         CASE WHEN i <= ${USER_ITEMS} AND i % 20 = 0 THEN $2::uuid END,
         CASE WHEN i <= ${USER_ITEMS} AND i % 20 = 0 THEN $3 END,
         now() - make_interval(secs => (abs(hashint4(i)) % (365 * 86400))::double precision),
         'A ' || s || ' frontage in ' || m || ' with a ' || e,
         'A ' || s || ' frontage in ' || m || ' whose ' || e || ' sets a steady bay rhythm; deep reveals and a clear base, '
           || 'middle and top give the elevation its drawing, and the palette reads as ' || m || ' under even light.'
           || E'\\n' || s || ' ' || m || ' ' || e,
         ARRAY[s, m, e, 'facade', 'rhythm'],
         1 + i % 3
    FROM words, generate_series(1, ${ALL_ITEMS}) AS i,
         LATERAL (SELECT words.materials[1 + abs(hashint4(i + 1)) % 10] AS m,
                         words.elements[1 + abs(hashint4(i + 2)) % 10] AS e,
                         words.styles[1 + abs(hashint4(i + 3)) % 10] AS s) AS picked`;

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
    ARCHLENS_LOCAL_REDIS_PORT: '63802',
    ARCHLENS_LOCAL_S3_PORT: '9707',
  },
});

let db;
try {
  await bench.waitHealthy();
  db = await connectBenchDatabase({ database: DATABASE, pgPort: PG_PORT });

  const signUp = await fetch(`${BASE}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({
      email: `bench-library-${Date.now()}@example.com`,
      first_name: 'Bench',
      last_name: 'Library',
      password: 'correct-horse-battery',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { id: userId } = await signUp.json();
  const headers = { cookie, origin: BASE };
  const created = await fetch(`${BASE}/api/projects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Harbour Library' }),
  });
  if (created.status !== 201) throw new Error(`project: ${created.status} ${await created.text()}`);
  const project = await created.json();

  log(`seeding ${ALL_ITEMS.toLocaleString('en-GB')} library items (${USER_ITEMS.toLocaleString('en-GB')} of one user)…`);
  const seedStart = performance.now();
  await db.query(SEED_SQL, [userId, project.id, project.name]);
  await db.query('VACUUM ANALYZE analysis.library_items');
  log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const getJson = async (path) => {
    const response = await fetch(`${BASE}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  let projectItems = 0;
  const projectPage = await measure(async () => {
    projectItems = (await getJson(`/api/projects/${project.id}`)).itemCount;
  });
  const matches = {};
  const search = await measure(async (i) => {
    const q = SEARCHES[i % SEARCHES.length];
    matches[q] = (await getJson(`/api/library?q=${encodeURIComponent(q)}`)).total;
  });
  let everything = 0;
  const listing = await measure(async () => {
    everything = (await getJson('/api/library?sort=newest')).total;
  });

  const ms = (v) => `${v.toFixed(1)} ms`;
  const verdict = (value, budget) => (value <= budget ? 'met' : 'NOT met');
  console.log(
    `\n${ALL_ITEMS.toLocaleString('en-GB')} items, ${USER_ITEMS.toLocaleString('en-GB')} of the user's; ${REQUESTS} requests each, one at a time, after ${WARM_UP} to warm up`,
  );
  console.log('call                                                                    p50        p95   budget');
  const row = (label, durations, budget) =>
    console.log(
      `${label.padEnd(70)} ${ms(percentile(durations, 50)).padStart(9)} ${ms(percentile(durations, 95)).padStart(10)}   ${
        budget === undefined ? '(none)' : `p95 ≤ ${budget} ms: ${verdict(percentile(durations, 95), budget)}`
      }`,
    );
  row(`GET /api/projects/{id} (page 1 of ${projectItems} items)`, projectPage, BUDGET.projectP95Ms);
  row(`GET /api/library?q= (${SEARCHES.map((q) => `${q}: ${matches[q]}`).join(', ')})`, search, BUDGET.searchP95Ms);
  row(`GET /api/library (page 1 of ${everything})`, listing, undefined);
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
