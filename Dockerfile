# syntax=docker/dockerfile:1
# StockPulse: one image for the API and the worker (docs/production.md). Three stages: the build
# (every dependency, the web app built), the production dependencies, and the small runtime.

ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so `npm ci` stays cached while only sources change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY packages/web packages/web
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only what the server runs: no dev tools, no web, test or bench dependencies.
RUN npm ci --omit=dev --workspace=@app/server --workspace=@app/shared --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    TRUST_PROXY=true \
    DEMO_MODE=false \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY packages/server/package.json packages/server/
COPY packages/server/src packages/server/src
COPY packages/server/assets packages/server/assets
COPY --from=build /app/packages/web/dist packages/web/dist
# The node image's unprivileged user; DATA_DIR (the embedded PostgreSQL, when DATABASE_URL is
# unset) is the only folder it writes.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `--role=api` or `--role=worker` in compose.yaml; without a role, one process does both.
ENTRYPOINT ["node", "packages/server/src/main.ts"]
CMD []
