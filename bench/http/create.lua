-- Creates demo sessions with POST /v1/sessions until each thread has made its share, then stops.
local per_thread = tonumber(os.getenv("SESSIONS_PER_THREAD") or "50000")
local made = 0
local body = '{"storyboard":"demo"}'
local headers = {["Content-Type"] = "application/json"}

function request()
  return wrk.format("POST", "/v1/sessions", headers, body)
end

function response(status, headers, body)
  if status == 201 then made = made + 1 end
  if made >= per_thread then wrk.thread:stop() end
end
