# syntax=docker/dockerfile:1
#
# One multi-stage Dockerfile for every ArchLens app, chosen with a build argument:
#
#   docker build --build-arg APP=gateway -t archlens/gateway .
#   docker build --build-arg APP=generation-worker -t archlens/generation-worker .
#
# APP is a folder of apps/ (gateway, auth-service, analysis-worker, email-worker, leads-service,
# billing-service, generation-worker). One file rather than seven copies: the apps share one
# workspace, one lockfile, one build (Nx) and one runtime layout, so seven Dockerfiles would differ
# only in a name and drift apart; the layers up to the full `npm install` are shared by all seven
# builds. docs/deployment.md has the review checklist that scripts/validate-deploy.mjs checks.

# Node.js 24 (LTS "Krypton"), Debian 12 slim: the same glibc as the development machines, so the
# native packages of the lockfile (sharp's @img/sharp-linux-x64, argon2's prebuilds) are the ones
# tested there. Bump the patch version deliberately; pin a digest in your registry if you need
# byte-for-byte reproducible builds.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---------------------------------------------------------------------------------------------
# manifests: the package.json files and the lockfile only, so that the dependency layers below
# are rebuilt when a manifest changes and not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /out \
  && cp package.json package-lock.json /out/ \
  && for manifest in apps/*/package.json libs/*/package.json; do \
       mkdir -p "/out/$(dirname "$manifest")" && cp "$manifest" "/out/$manifest"; \
     done

# ---------------------------------------------------------------------------------------------
# build: every dependency (dev ones included: TypeScript, Nx, Vite), then the app, the libraries
# it uses and, for the gateway, the SPA it serves.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NX_SKIP_NX_CACHE=true
COPY --from=manifests /out/ ./
# `npm install` with the lockfile, not `npm ci` (scripts/bootstrap.mjs ensureDependencies says why).
# No install scripts: every native package used here ships its binary (sharp, argon2, Nx, rolldown).
RUN --mount=type=cache,target=/root/.npm \
  npm install --no-audit --no-fund --ignore-scripts
COPY . .
ARG APP
# The SPA reads WHATSAPP_PHONE and VITE_SERVICES_URL at build time (apps/frontend/vite.config.ts):
# gateway images only.
ARG WHATSAPP_PHONE=""
ARG VITE_SERVICES_URL=""
RUN test -n "${APP}" && test -f "apps/${APP}/package.json" \
  || { echo "Set --build-arg APP=<one of: $(ls apps | tr '\n' ' ')>" >&2; exit 1; }
RUN projects="@archlens/${APP}" \
  && if [ "${APP}" = gateway ]; then projects="${projects},@archlens/frontend"; fi \
  && npx nx run-many -t build --projects="${projects}" --output-style=static \
  && mkdir -p /out \
  && for dist in libs/*/dist "apps/${APP}/dist"; do mkdir -p "/out/${dist%/dist}" && cp -R "${dist}" "/out/${dist}"; done \
  && if [ "${APP}" = gateway ]; then mkdir -p /out/apps/frontend && cp -R apps/frontend/dist /out/apps/frontend/dist; fi \
  && find /out -name '*.d.ts' -delete -o -name '*.d.ts.map' -delete -o -name '*.tsbuildinfo' -delete

# ---------------------------------------------------------------------------------------------
# prod-deps: the app's production dependencies only (no devDependencies, no other app's), laid
# out as the workspace expects (node_modules/@archlens/* link to libs/*).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /out/ ./
COPY deploy/docker/prune-prod-deps.mjs /usr/local/lib/archlens/prune-prod-deps.mjs
ARG APP
RUN --mount=type=cache,target=/root/.npm \
  npm install --omit=dev --workspace "apps/${APP}" --ignore-scripts --no-audit --no-fund \
  && node /usr/local/lib/archlens/prune-prod-deps.mjs "${APP}" \
  && rm -f package-lock.json node_modules/.package-lock.json

# ---------------------------------------------------------------------------------------------
# runtime: Node, the pruned node_modules and the compiled JavaScript, run as an unprivileged user.
FROM ${NODE_IMAGE} AS runtime
ARG APP
LABEL org.opencontainers.image.title="archlens-${APP}" \
  org.opencontainers.image.description="ArchLens ${APP}"
# HEALTH_PORT: where a worker serves /health/live and /health/ready (the gateway serves them on
# PORT). NODE_FLAGS: extra node flags, e.g. --optimize-for-size for leads-service (set at run time).
ENV NODE_ENV=production \
  APP=${APP} \
  PORT=3000 \
  HEALTH_PORT=9090 \
  NODE_FLAGS="" \
  EMAIL_OUTBOX_DIR=/var/lib/archlens/outbox
WORKDIR /app
# npm, npx, corepack and yarn are not needed to run the app: remove them from what the app user can
# reach. /var/lib/archlens is the one writable folder (the email-worker's file outbox, a volume).
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* \
  && mkdir -p /var/lib/archlens \
  && chown 1000:1000 /var/lib/archlens
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
# uid 1000 is the image's `node` user; numeric, so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 3000 9090
STOPSIGNAL SIGTERM
# /health/ready: the gateway on PORT, a worker on HEALTH_PORT.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const port = process.env.APP === 'gateway' ? process.env.PORT : process.env.HEALTH_PORT; fetch('http://127.0.0.1:' + port + '/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# exec: node is the container's main process and receives SIGTERM itself (graceful shutdown).
CMD ["/bin/sh", "-c", "exec node --enable-source-maps $NODE_FLAGS \"apps/$APP/dist/main.js\""]
