# syntax=docker/dockerfile:1
# The image `compose.yaml` runs as web and as worker; README "Deploying" says how. Built in three
# stages so the image carries production dependencies only: the build needs Remix's compiler (a dev
# dependency), the server does not.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# patch-package applies patches/ after every install (README, dependency notes); .npmrc keeps
# onnxruntime-node from downloading CUDA libraries.
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The web app and the server as `npm start` runs them, so the container starts without building.
# The word vectors' compact cache (README, WORD_VECTORS_CACHE) is made here too, once, rather than
# in every container that embeds.
RUN npm run build \
 && npx tsx --eval "import('./api/ai/embeddings/word-vectors.ts').then((module) => module.loadWordVectors())"

FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/node_modules/.cache/exit-planner ./node_modules/.cache/exit-planner
# Sources stay beside the builds: the server resolves its migrations and worker threads against
# them, and `npm run worker` runs api/ with tsx. COPY keeps file times, so the sources stay older
# than the builds made from them and `npm start` finds nothing to rebuild (it could not: Remix's
# compiler is a dev dependency).
COPY --from=build /app/package.json /app/package-lock.json /app/remix.config.js /app/tsconfig.json /app/server.ts ./
COPY --from=build /app/api ./api
COPY --from=build /app/app ./app
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/public ./public
# build/ is the node user's: worker threads' bundles are written to build/workers on first use.
COPY --from=build --chown=node:node /app/build ./build
# The data volume is the node user's only (a volume made by an older image is tightened at start).
RUN install -d -o node -g node -m 0700 /app/data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "--eval", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/`).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs (package.json; MALLOC_ARENA_MAX is set above), without npm in between so
# the server itself gets the stop signal.
CMD ["node", "scripts/start.mjs"]
