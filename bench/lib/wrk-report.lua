-- wrk reporter for bench/run: one JSON line (WRK_JSON {...}) with throughput, latency percentiles
-- (µs), socket errors and, when WRK_STATUSES=1, every answer counted by status (costs a Lua call
-- per response, so it is left off for the nginx reference):
--   non2xx            answers outside 200-299, with the first body of each such status
--   s503, s503_problem, s503_retry_after
--                     503 answers, those whose Content-Type is application/problem+json, and
--                     those with a Retry-After header
-- WRK_STOP_AFTER=N (with WRK_STATUSES=1 and WRK_THREADS=T): each thread stops after N/T answers,
-- so that wrk makes N requests in all, and then writes WRK_DONE_DIR/thread-<id>. wrk itself still
-- waits for -d to pass, so the caller sends it SIGINT once every thread has written its file (wrk
-- then reports at once, with the time really elapsed); -d stays the time bound.
local threads = {}
local track = os.getenv("WRK_STATUSES") == "1"
local stop_after = tonumber(os.getenv("WRK_STOP_AFTER") or "0") or 0
local nthreads = tonumber(os.getenv("WRK_THREADS") or "1") or 1
local done_dir = os.getenv("WRK_DONE_DIR")

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  statuses = {}
  seen = {}
  first = ""
  answered = 0
  non2xx = 0
  s503 = 0
  s503_problem = 0
  s503_retry_after = 0
  share = stop_after > 0 and math.ceil(stop_after / nthreads) or 0
end

if track then
  response = function(status, headers, body)
    answered = answered + 1
    statuses[status] = (statuses[status] or 0) + 1
    if status < 200 or status > 299 then
      non2xx = non2xx + 1
      if not seen[status] and body then
        seen[status] = true
        first = first .. (first == "" and "" or " | ") .. status .. " " .. body:sub(1, 160)
      end
      if status == 503 then
        s503 = s503 + 1
        local problem, retry = false, false
        for k, v in pairs(headers) do
          local name = string.lower(k)
          if name == "content-type" and string.find(string.lower(v), "application/problem+json", 1, true) then problem = true end
          if name == "retry-after" then retry = true end
        end
        if problem then s503_problem = s503_problem + 1 end
        if retry then s503_retry_after = s503_retry_after + 1 end
      end
    end
    if share > 0 and answered >= share then
      if done_dir then
        local f = io.open(done_dir .. "/thread-" .. tostring(id), "w")
        if f then f:write(answered) f:close() end
      end
      wrk.thread:stop()
    end
  end
end

local function esc(s)
  return (s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('[%c]', ' '))
end

done = function(summary, latency, requests)
  local e = summary.errors
  local all, sample = {}, ""
  local n = { non2xx = 0, s503 = 0, s503_problem = 0, s503_retry_after = 0 }
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    if s then for k, v in pairs(s) do all[k] = (all[k] or 0) + v end end
    for k, _ in pairs(n) do n[k] = n[k] + (tonumber(t:get(k)) or 0) end
    local f = t:get("first")
    if f and #f > #sample then sample = f end -- the thread that saw the most kinds of answers
  end
  local parts = {}
  for k, v in pairs(all) do
    if k < 200 or k > 299 or #parts < 20 then table.insert(parts, k .. "×" .. v) end
  end
  table.sort(parts)
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"status_errors":%d,"timeouts":%d,"non2xx":%d,"s503":%d,"s503_problem":%d,"s503_retry_after":%d,"tracked":%s,"statuses":"%s","first_error":"%s"}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.status, e.timeout, n.non2xx, n.s503, n.s503_problem, n.s503_retry_after,
    track and "true" or "false", table.concat(parts, " "), esc(sample)))
end
