-- wrk script: every request is one player's report of their own match, read from a file of
-- "token<TAB>match_id<TAB>json body" lines; each wrk thread takes every n-th line once.
local requests = {}
local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", counter)
  table.insert(threads, thread)
  counter = counter + 1
end

function init(args)
  local nthreads = tonumber(args[2])
  local i = 0
  for line in io.lines(args[1]) do
    if i % nthreads == id - 1 then
      local token, match, body = line:match("([^\t]+)\t([^\t]+)\t(.+)")
      table.insert(requests, wrk.format("POST", "/api/matches/" .. match .. "/report/", {
        ["Authorization"] = "Token " .. token,
        ["Content-Type"] = "application/json",
      }, body))
    end
    i = i + 1
  end
  index = 0
  ok = 0
  bad = 0
  exhausted = 0
end

function request()
  index = index + 1
  if index > #requests then
    exhausted = 1
    index = #requests
  end
  return requests[index]
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else bad = bad + 1 end
end

function done(summary, latency, requests_)
  local total_ok, total_bad, any_exhausted = 0, 0, 0
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    total_bad = total_bad + thread:get("bad")
    any_exhausted = math.max(any_exhausted, thread:get("exhausted"))
  end
  io.write(string.format("RESULT ok=%d bad=%d exhausted=%d\n", total_ok, total_bad, any_exhausted))
  for _, p in pairs({50, 90, 99, 99.9}) do
    io.write(string.format("LATENCY p%g=%.2fms\n", p, latency:percentile(p) / 1000))
  end
end
