# Build stage: compiles TypeScript and the native modules, then drops dev dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && chmod 0755 dist/cli/main.js \
 && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: compiled code and production modules only, owned by root, run as `node`.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    SERVICE_DATABASE_URL=sqlite:///data/gatehouse.sqlite3 \
    SERVICE_ENVIRONMENT=production \
    HOST=0.0.0.0 \
    PORT=3000
# Memory (docs/performance.md, "Memory"; decision 0025): every argon2 hash takes a 19 MiB block.
# One arena for every thread and blocks served from the heap (mmap threshold above a block), so a
# freed block is reused by the next hash on any thread instead of being mapped and faulted in again
# (that cost up to 40% per hash): what argon2 keeps is bounded by its concurrency cap, one hash
# per core, not by the allocator. Free memory at the top of the heap beyond 4 MiB goes back to
# the kernel; transparent huge pages (hugetlb=1); V8's young generation capped at two 8 MB semi-spaces.
ENV GLIBC_TUNABLES=glibc.malloc.arena_max=1:glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4194304 \
    NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# `docker exec <container> gatehouse create-admin …` needs the operator command on PATH.
RUN ln -s /app/dist/cli/main.js /usr/local/bin/gatehouse \
 && mkdir -p /data \
 && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["gatehouse", "serve"]
