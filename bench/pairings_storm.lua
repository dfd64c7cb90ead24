-- wrk script for bench/pairings_storm.py: every connection is one reader reloading the
-- pairings page. Arguments: mean think time between a reader's reloads in ms (0: reload
-- as soon as the page arrives), then the ETag to send as If-None-Match ("" for first loads).
-- Counts the answers by status and sums the server's X-DB-Queries header.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  think = tonumber(args[1]) or 0
  if args[2] ~= nil and args[2] ~= "" then
    wrk.headers["If-None-Match"] = args[2]
  end
  responses, queries, s200, s304, other = 0, 0, 0, 0, 0
end

function delay()
  if think > 0 then
    return math.random(0, 2 * think)
  end
  return 0
end

function response(status, headers, body)
  responses = responses + 1
  queries = queries + (tonumber(headers["X-DB-Queries"]) or 0)
  if status == 200 then
    s200 = s200 + 1
  elseif status == 304 then
    s304 = s304 + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local totals = { responses = 0, queries = 0, s200 = 0, s304 = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + thread:get(name)
    end
  end
  io.write(string.format(
    "LATENCY p50=%.1fms p90=%.1fms p99=%.1fms max=%.1fms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000
  ))
  io.write(string.format(
    "RESULT responses=%d queries=%d s200=%d s304=%d other=%d errors=%d timeouts=%d\n",
    totals.responses, totals.queries, totals.s200, totals.s304, totals.other,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status,
    summary.errors.timeout
  ))
end
