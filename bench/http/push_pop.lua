-- bench/http: the push/popToRoot cycle over 1,000 demo sessions (p0 … p999, created beforehand, apart
-- from cycle.lua's s0 … s999 so that one load does not leave the other's sessions where it fails):
-- request k goes to session k mod 1000 and alternates, per session, between pushing the item
-- detail onto the list's navigation controller and popping back to its root.
local sessions = 1000
local counter = 0
local thread_index = 0

function setup(thread)
  thread:set("thread_index", thread_index)
  thread_index = thread_index + 1
end

function init(args)
  counter = thread_index * 7919
end

local push = '{"type":"push","scene":"itemDetail"}'
local pop = '{"type":"popToRoot"}'
local headers = {["Content-Type"] = "application/json"}

function request()
  local session = counter % sessions
  local phase = math.floor(counter / sessions) % 2
  counter = counter + 1
  return wrk.format("POST", "/v1/sessions/p" .. session .. "/actions", headers, phase == 0 and push or pop)
end
