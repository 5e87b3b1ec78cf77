// 1. Dockerfiles: dockerfile-utils' linter and the review checklist of docs/deployment.md, checked
// mechanically, and the .dockerignore.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../bootstrap.mjs';
import { check, lintDockerfile, read, rel, ValidationSeverity } from './checks.mjs';

/** Logical instructions of a Dockerfile: comments dropped, continuation lines joined. */
function parseDockerfile(text) {
  const instructions = [];
  let buffer = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (buffer === '' && (/^\s*#/.test(line) || line.trim() === '')) return;
    if (buffer !== '' && /^\s*#/.test(line)) return; // comment inside a continued instruction
    if (buffer === '') startLine = index + 1;
    if (/\\\s*$/.test(line)) {
      buffer += `${line.replace(/\\\s*$/, '')} `;
      return;
    }
    buffer += line;
    const match = /^\s*([A-Za-z]+)\s*(.*)$/s.exec(buffer);
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: startLine });
    buffer = '';
  });
  return instructions;
}

/** Splits the instructions into stages; resolves global ARG defaults in FROM. */
function dockerStages(instructions) {
  const globalArgs = {};
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [, image, name] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args) ?? [];
      const resolved = image.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, arg) => globalArgs[arg] ?? `\${${arg}}`);
      stages.push({ image: resolved, name: name?.toLowerCase(), line: instruction.line, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(instruction.args) ?? [];
        if (name) globalArgs[name] = (value ?? '').replace(/^["']|["']$/g, '');
      }
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** A package install as a command of a RUN line (not a path such as /usr/local/bin/yarn). */
const INSTALLS = /(?:^|[;&|]\s*)(?:npm\s+(?:install|i|ci|add)\b|yarn(?:\s+(?:install|add)\b|\s*(?:$|[;&|]))|pnpm\s+(?:install|i|add)\b)/;
const OMITS_DEV = /--omit[= ]dev\b|--production\b|--prod\b/;
/** A RUN instruction's command, without its flags (--mount=…, --network=…). */
const runCommand = (instruction) => instruction.args.replace(/^(?:--\S+\s+)*/, '');
const installs = (instruction) => instruction.keyword === 'RUN' && INSTALLS.test(runCommand(instruction));

export function checkDockerfile(file) {
  const text = read(file);
  const name = rel(file);
  const settings = Object.fromEntries(
    [
      'deprecatedMaintainer',
      'directiveCasing',
      'emptyContinuationLine',
      'instructionCasing',
      'instructionCmdMultiple',
      'instructionEntrypointMultiple',
      'instructionHealthcheckMultiple',
      'instructionJSONInSingleQuotes',
      'instructionWorkdirRelative',
    ].map((key) => [key, ValidationSeverity.ERROR]),
  );
  check(
    `${name}: dockerfile-utils lint`,
    lintDockerfile(text, settings).map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
  );

  const stages = dockerStages(parseDockerfile(text));
  const stageNames = new Set(stages.map((s) => s.name).filter(Boolean));
  const final = stages.at(-1);
  check(`${name}: multi-stage`, stages.length >= 2 ? [] : ['a single stage: build in one stage, run in another']);
  check(
    `${name}: every base image pinned to a version tag or digest`,
    stages
      .filter((stage) => !stageNames.has(stage.image.toLowerCase()))
      .map((stage) => {
        const image = stage.image;
        if (image.includes('${')) return `line ${stage.line}: ${image} has an ARG without a default`;
        if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
        const tag = /:([^/:]+)$/.exec(image)?.[1];
        if (!tag) return `line ${stage.line}: ${image} has no tag`;
        if (tag === 'latest' || !/\d+\.\d+/.test(tag))
          return `line ${stage.line}: ${image}: pin a version (e.g. 24.21.0-bookworm-slim), not "${tag}"`;
        return undefined;
      }),
  );
  const users = final.instructions.filter((i) => i.keyword === 'USER');
  const user = users.at(-1)?.args.split(':')[0];
  check(
    `${name}: final stage runs as a non-root, numeric USER`,
    !user
      ? ['no USER in the final stage (it would run as root)']
      : user === 'root' || user === '0'
        ? [`USER ${user} is root`]
        : /^\d+$/.test(user)
          ? []
          : [`USER ${user}: use the numeric uid so that Kubernetes' runAsNonRoot can verify it`],
  );
  const healthcheck = final.instructions.filter((i) => i.keyword === 'HEALTHCHECK');
  check(
    `${name}: final stage has a HEALTHCHECK`,
    healthcheck.length === 0 ? ['no HEALTHCHECK'] : /^NONE$/i.test(healthcheck.at(-1).args) ? ['HEALTHCHECK NONE'] : [],
  );
  check(
    `${name}: no dependency install with dev dependencies in the final stage`,
    final.instructions.filter((i) => installs(i) && !OMITS_DEV.test(i.args)).map((i) => `line ${i.line}: ${i.args.slice(0, 100)}`),
  );
  const prodStages = stages.filter((s) => s.instructions.some((i) => installs(i) && OMITS_DEV.test(i.args)));
  const copiesFrom = final.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => /--from=(\S+)/.exec(i.args)?.[1]?.toLowerCase())
    .filter(Boolean);
  check(
    `${name}: runtime node_modules come from a production-only install`,
    prodStages.some((s) => copiesFrom.includes(s.name)) ? [] : ['no stage installs with --omit=dev for the final stage to copy from'],
  );
  check(
    `${name}: CMD and ENTRYPOINT in exec (JSON) form`,
    final.instructions
      .filter((i) => (i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT') && !i.args.startsWith('['))
      .map((i) => `line ${i.line}: ${i.keyword} ${i.args}`),
  );
  check(
    `${name}: COPY rather than ADD`,
    stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'ADD').map((i) => `line ${i.line}: ADD ${i.args}`)),
  );
  check(
    `${name}: no secret in ENV or ARG`,
    stages.flatMap((s) =>
      s.instructions
        .filter(
          (i) => (i.keyword === 'ENV' || i.keyword === 'ARG') && /\b\w*(PASSWORD|SECRET|TOKEN|PRIVATE_KEY|API_KEY)\w*\s*=/i.test(i.args),
        )
        .map((i) => `line ${i.line}: ${i.keyword} ${i.args.slice(0, 60)}`),
    ),
  );
  // The build argument APP must name every deployable app (and the build must check it).
  if (/\bARG APP\b/.test(text)) {
    check(
      `${name}: fails fast on an unknown APP`,
      /test -f "apps\/\$\{APP\}\/package\.json"/.test(text) ? [] : ['no check that apps/${APP} exists'],
    );
  }
}

export function checkDockerignore() {
  const file = path.join(ROOT, '.dockerignore');
  if (!existsSync(file)) {
    check('.dockerignore exists', ['missing: the build context would carry node_modules, .git and .env']);
    return;
  }
  const lines = read(file)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const has = (pattern) => lines.some((l) => l === pattern || l === `**/${pattern}` || l === `${pattern}/`);
  check(
    '.dockerignore keeps node_modules, dist, .git, .env and local state out of the build context',
    ['node_modules', 'dist', '.git', '.env', '.local'].filter((p) => !has(p)).map((p) => `${p} is not ignored`),
  );
}
