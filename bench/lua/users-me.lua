-- GET /api/v1/users/me (or BENCH_PATH, e.g. /api/v1/auth/verify) with a random credential of the
-- working set, as a cookie or a bearer token. With BENCH_FORWARDED_HOST, it asks as a trusted proxy
-- would about that host (X-Forwarded-Host, X-Forwarded-Uri: /), so a forward-auth rule applies.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local tokens, mode, cookie_name, path, forwarded_host

function init(args)
  tokens = read_lines(os.getenv("BENCH_TOKENS"))
  mode = os.getenv("BENCH_MODE")
  cookie_name = os.getenv("BENCH_COOKIE_NAME")
  path = os.getenv("BENCH_PATH") or "/api/v1/users/me"
  forwarded_host = os.getenv("BENCH_FORWARDED_HOST")
  math.randomseed(os.time() * 100 + (id or 0))
end

function request()
  local token = tokens[math.random(#tokens)]
  local headers = {}
  if mode == "bearer" then headers["Authorization"] = "Bearer " .. token
  else headers["Cookie"] = cookie_name .. "=" .. token end
  if forwarded_host then
    headers["X-Forwarded-Host"] = forwarded_host
    headers["X-Forwarded-Uri"] = "/"
  end
  return wrk.format("GET", path, headers)
end
