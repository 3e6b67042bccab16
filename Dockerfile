# syntax=docker/dockerfile:1
# Zaryad's server and dashboard in one image (docs/deploy.md): `docker build -t zaryad .`, then
# `docker run -p 8080:8080 -v zaryad-data:/data zaryad` (the embedded database and uploads in /data), or with
# DATABASE_URL set for PostgreSQL and S3_* for object storage. The image runs the production build as a non-root user.

ARG NODE_IMAGE=node:20.20-bookworm-slim

# --- manifests: the workspaces' package files, which both stages install from ----------------------------------------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/driver/package.json apps/driver/
COPY packages/contracts/package.json packages/contracts/
COPY scripts/package.json scripts/
COPY e2e/package.json e2e/

# --- build: every workspace's packages, then the web apps and the server's bundle --------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=manifests /src ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- run: the server's production packages and what the build reads at run time ---------------------------------------
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false \
    && npm cache clean --force \
    && mkdir -p /data \
    && chown node:node /data
# The bundle, the migrations and routine files it applies at start, the reference seed's icons, the built web apps.
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/start.sh apps/server/start.sh
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/src/db/routines apps/server/src/db/routines
COPY --from=build /src/apps/server/src/modules/surroundings/icons apps/server/src/modules/surroundings/icons
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/driver/dist apps/driver/dist
USER node
VOLUME ["/data"]
EXPOSE 8080
# /healthz: the process is alive (docs/design.md section 6); a balancer asks /readyz before sending traffic.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
WORKDIR /app/apps/server
# start.sh sizes V8's heap for the database in use (docs/design.md, section 8) and becomes node (exec): node gets SIGTERM.
CMD ["sh", "start.sh"]
