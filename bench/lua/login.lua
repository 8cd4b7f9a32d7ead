-- POST /api/v1/auth/login for random seeded users, all with the bench password.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local emails, password

function init(args)
  emails = read_lines(os.getenv("BENCH_EMAILS"))
  password = os.getenv("BENCH_PASSWORD")
  math.randomseed(os.time() * 100 + (id or 0))
end

function request()
  local body = '{"email":"' .. emails[math.random(#emails)] .. '","password":"' .. password .. '"}'
  return wrk.format("POST", "/api/v1/auth/login", { ["Content-Type"] = "application/json" }, body)
end
