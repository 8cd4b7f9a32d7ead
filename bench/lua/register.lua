-- POST /api/v1/auth/register on one invite with enough uses; every email is new (run, thread, counter).
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local code, password, run, counter = nil, nil, nil, 0

function init(args)
  code = os.getenv("BENCH_INVITE_CODE")
  password = os.getenv("BENCH_PASSWORD")
  run = os.getenv("BENCH_RUN_ID")
end

function request()
  counter = counter + 1
  local email = "new-" .. run .. "-" .. (id or 0) .. "-" .. counter .. "@bench.example"
  local body = '{"invite_code":"' .. code .. '","email":"' .. email .. '","password":"' .. password ..
    '","display_name":"New member ' .. counter .. '"}'
  return wrk.format("POST", "/api/v1/auth/register", { ["Content-Type"] = "application/json" }, body)
end
