-- bench/http (b): segue + unwind POSTs cycling over 1,000 sessions (s0 … s999, created beforehand).
-- Request k goes to session k mod 1000 and alternates, per session, between presenting the edit form
-- from the list (explicit source, so that it is valid in any interleaving) and cancelling it.
local sessions = 1000
local counter = 0
local thread_index = 0
local threads = {}

function setup(thread)
  thread:set("thread_index", thread_index)
  thread_index = thread_index + 1
  table.insert(threads, thread)
end

function init(args)
  counter = thread_index * 7919
end

local present = '{"identifier":"addItem","source":"vc3"}'
local cancel = '{"action":"cancelEdit:"}'
local headers = {["Content-Type"] = "application/json"}

function request()
  local session = counter % sessions
  local phase = math.floor(counter / sessions) % 2
  counter = counter + 1
  if phase == 0 then
    return wrk.format("POST", "/v1/sessions/s" .. session .. "/segues", headers, present)
  end
  return wrk.format("POST", "/v1/sessions/s" .. session .. "/unwind", headers, cancel)
end
