# syntax=docker/dockerfile:1
# The inventory service: build with the dev toolchain, run with production dependencies only.

FROM node:24-bookworm-slim AS build
# better-sqlite3 compiles its native module when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# Native modules are fetched or built for the headers of this Node version (same ABI as every 24.x): those of
# 24.19 and later make better-sqlite3 12 abort when the GC frees a statement (nodejs/node#65446).
ARG NODE_ADDON_HEADERS=24.18.1
RUN npm_config_target="$NODE_ADDON_HEADERS" npm ci --no-audit --no-fund
COPY nest-cli.json tsconfig.json tsconfig.build.json ormconfig.ts ./
COPY src ./src
COPY plugins ./plugins
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8000 DATA_DIR=/data
# Node 24's V8 grows its young generation to 64 MiB semi-spaces where Node 20 and 22 stop at 16: under spread device
# pages the service then peaked at 357-370 MiB instead of 281-284, no faster beyond this machine's noise
# (docs/bench.md). V8 takes the bound only from node's command line or NODE_OPTIONS; set NODE_OPTIONS to change it.
ENV NODE_OPTIONS=--max-semi-space-size=16
# git: data sources of type git are cloned with it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The embedded SQLite database lives in /data; mount a volume there, or set DATABASE_URL for PostgreSQL.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8000
# The API is healthy once /readyz answers 200 (migrations applied; it needs no token). Where nothing listens on
# PORT, the container runs the worker (`node dist/src/worker.js`): healthy while its /healthz on WORKER_HEALTH_PORT answers 200.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const h=require('http'),ask=(port,path,next)=>h.get({host:'127.0.0.1',port,path,timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('error',next).on('timeout',()=>process.exit(1));ask(process.env.PORT||8000,'/readyz',()=>ask(process.env.WORKER_HEALTH_PORT||8001,'/healthz',()=>process.exit(1)))"]
# main applies pending migrations and ensures the SUPERUSER_* account before it listens. A CMD, not an ENTRYPOINT,
# so that another command replaces it: `node dist/src/migrate.js`, `node dist/src/worker.js`.
CMD ["node", "dist/src/main.js"]
