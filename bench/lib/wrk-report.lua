-- wrk reporter for bench/run: one JSON line with throughput, latency percentiles (µs), errors and,
-- when WRK_STATUSES=1, the non-200 statuses seen with the first such body (costs a Lua call per
-- response, so it is left off for the nginx reference).
local threads = {}
local track = os.getenv("WRK_STATUSES") == "1"

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  first = ""
end

if track then
  response = function(status, headers, body)
    if status ~= 200 then
      statuses[status] = (statuses[status] or 0) + 1
      if first == "" and body then first = body:sub(1, 200) end
    end
  end
end

local function esc(s)
  return (s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('[%c]', ' '))
end

done = function(summary, latency, requests)
  local e = summary.errors
  local all, sample = {}, ""
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    if s then for k, v in pairs(s) do all[k] = (all[k] or 0) + v end end
    local f = t:get("first")
    if sample == "" and f and f ~= "" then sample = f end
  end
  local parts = {}
  for k, v in pairs(all) do table.insert(parts, k .. "×" .. v) end
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"status_errors":%d,"timeouts":%d,"statuses":"%s","first_error":"%s"}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.status, e.timeout, table.concat(parts, " "), esc(sample)))
end
