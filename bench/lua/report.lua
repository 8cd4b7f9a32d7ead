-- Shared by every load (loaded with dofile): thread ids, failure counting, one JSON summary line.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    bad = (bad or 0) + 1
    if bad == 1 then io.stderr:write("wrk: first failing status " .. status .. ": " .. string.sub(body or "", 1, 200) .. "\n") end
  end
end

function read_lines(path)
  local lines = {}
  for line in io.lines(path) do if line ~= "" then table.insert(lines, line) end end
  return lines
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + (thread:get("bad") or 0) end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, failed))
end
