-- A plain GET of the URL given to wrk (references and /healthz).
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
