#!/bin/sh
# `npm start` and the container image: the server's production build (dist/main.js, `npm run build -w apps/server`)
# with V8's heap sized for where its data lives (docs/design.md, section 8; scripts/bench-harness.ts mirrors it).
# The old generation is collected once it has grown by half of what was live. The young generation's semi-spaces:
# - 4 MB on the embedded database: the small install, PostgreSQL running inside this process, idle under 200 MB;
# - 16 MB on PostgreSQL (DATABASE_URL), where the process serves a network: with less, the calls in flight of
#   thousands of charge points outlive the young generation, and their promotion costs full collections.
young=4
if [ -n "${DATABASE_URL:-}" ]; then
  young=16
fi
exec node --enable-source-maps --heap-growing-percent=50 --max-semi-space-size="$young" dist/main.js "$@"
