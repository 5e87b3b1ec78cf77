#!/usr/bin/env node
// `npm run bench:fidelity` (docs/performance.md): the sketch-fidelity score of one 4096 × 4096 pair
// (a fixture sketch and a reference photo, each enlarged to 4096 × 4096, PNG and JPEG as the image
// providers return them), on the built generation-worker. Beside it, the floor no score can go
// under: sharp decoding the same two files and shrinking them to the score's working size. Five
// runs after one to warm up; prints the median and slowest of each and their ratio. Budget: 1 s.
// Also measured, against the same budget: the sketch with a 3:2 render (4096 × 2731), the shape
// /create renders at by default, which the score compares in two frames.
// `ARCHLENS_SKIP_BUILD=1` skips the build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

const SIDE = 4096;
const RUNS = 5;
const BUDGET_MS = 1000;
/** The fixture folder the tests read too, one level above the project root. */
const FIXTURES = path.resolve(ROOT, '..', 'shared', 'fixtures');
const SKETCH = path.join(FIXTURES, 'sketches', 'house-facade.png');
const RENDER = path.join(FIXTURES, 'references', 'modernhouse_curve_concrete.png');

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();

const { scoreSketchFidelity, FIDELITY_SIZE } = await import(
  pathToFileURL(path.join(ROOT, 'apps/generation-worker/dist/fidelity/sketch-fidelity.js')).href
);

log(`making a ${SIDE} × ${SIDE} pair…`);
const sketch = await sharp(SKETCH).resize(SIDE, SIDE, { fit: 'fill' }).png().toBuffer();
const render = await sharp(RENDER).resize(SIDE, SIDE, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
const landscape = await sharp(RENDER)
  .resize(SIDE, Math.round((SIDE * 2) / 3), { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();

/** Runs `call` once unmeasured, then `RUNS` times; durations in ms, sorted. */
async function measure(call) {
  await call();
  const durations = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    durations.push(performance.now() - start);
  }
  return durations.sort((a, b) => a - b);
}

const floor = await measure(() =>
  Promise.all([sketch, render].map((bytes) => sharp(bytes).resize(FIDELITY_SIZE, FIDELITY_SIZE, { fit: 'inside' }).raw().toBuffer())),
);
let score;
const scoring = await measure(async () => {
  score = (await scoreSketchFidelity(sketch, render)).score;
});
let landscapeScore;
const landscapeScoring = await measure(async () => {
  landscapeScore = (await scoreSketchFidelity(sketch, landscape)).score;
});
const median = (values) => values[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `\n${SIDE} × ${SIDE} sketch (PNG, ${(sketch.length / 1e6).toFixed(1)} MB) and render (JPEG, ${(render.length / 1e6).toFixed(1)} MB); score ${score}`,
);
console.log(`${'step'.padEnd(44)}${'median'.padStart(12)}${'slowest'.padStart(12)}`);
console.log(`${'sharp: decode both and shrink (the floor)'.padEnd(44)}${ms(median(floor)).padStart(12)}${ms(floor.at(-1)).padStart(12)}`);
console.log(`${'scoreSketchFidelity'.padEnd(44)}${ms(median(scoring)).padStart(12)}${ms(scoring.at(-1)).padStart(12)}`);
console.log(
  `${`scoreSketchFidelity, 3:2 render (score ${landscapeScore})`.padEnd(44)}${ms(median(landscapeScoring)).padStart(12)}${ms(landscapeScoring.at(-1)).padStart(12)}`,
);
console.log(`ratio to the floor: ${(median(scoring) / median(floor)).toFixed(2)}`);
const met = scoring.at(-1) < BUDGET_MS && landscapeScoring.at(-1) < BUDGET_MS;
console.log(`budget: every run under ${BUDGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
process.exitCode = met ? 0 : 1;
