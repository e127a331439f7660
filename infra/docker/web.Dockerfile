# syntax=docker/dockerfile:1
#
# The edge: the shell and the four remotes, built once and served by nginx, which also proxies
# /api/<service>/ to the service containers (infra/docker/nginx.conf). Build from the repository root:
#
#   docker build -f infra/docker/web.Dockerfile -t vere/edge .

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# ---------------------------------------------------------------------------------------------
# base: Node 24 LTS + the npm the lockfile was written with (npm 11 honours the root package.json
# `allowScripts` policy; pinned so an image's bundled npm never decides which install scripts run).
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
# manifests: lockfile + every workspace's package.json at its path, so the `npm ci` layer below
# stays cached until a dependency changes (same stage as in service.Dockerfile).
FROM base AS manifests
COPY . /src
RUN cd /src \
 && mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && if [ -f .npmrc ]; then cp .npmrc /manifests/; fi \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents '{}' /manifests/ ';'

# ---------------------------------------------------------------------------------------------
# build: rspack production builds into apps/<name>/dist (static files only).
FROM base AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci
COPY . .
# The Apple team id in /.well-known/apple-app-site-association (universal links into the iOS app).
ARG APPLE_TEAM_ID=0000000000
RUN npx nx run-many -t build -p shell,challenges,connect,playbooks,account --outputStyle=stream
# The Content-Security-Policy pins the shell's inline theme script by hash, so it is computed per build.
RUN node infra/docker/write-csp.mjs apps/shell/dist/index.html > /app/csp.conf

# ---------------------------------------------------------------------------------------------
# runtime: static files + nginx. Layout (see nginx.conf):
#   /usr/share/vere/shell/                 the shell (served at /)
#   /usr/share/vere/remotes/<name>/        each remote (served at /remotes/<name>/)
#   /etc/vere/remotes.json                 which remote manifests the shell loads (mount to override)
FROM ${NGINX_IMAGE} AS runtime
# Our nginx.conf replaces the image's; drop its default server so nothing else listens.
RUN rm -f /etc/nginx/conf.d/default.conf
COPY infra/docker/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/csp.conf /etc/nginx/vere-csp.conf
COPY --from=build /app/apps/shell/dist /usr/share/vere/shell
COPY --from=build /app/apps/shell/dist/remotes.json /etc/vere/remotes.json
COPY --from=build /app/apps/challenges/dist /usr/share/vere/remotes/challenges
COPY --from=build /app/apps/connect/dist /usr/share/vere/remotes/connect
COPY --from=build /app/apps/playbooks/dist /usr/share/vere/remotes/playbooks
COPY --from=build /app/apps/account/dist /usr/share/vere/remotes/account

# The image's entrypoint scripts and nginx itself work unprivileged with this nginx.conf (port
# 8080, pid and temp files in /tmp). Files stay root-owned and read-only.
USER nginx
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
