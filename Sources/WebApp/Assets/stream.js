// The session's event stream (CONTRACTS §2), read with fetch() so that it can carry Authorization,
// parsed as WHATWG Server-Sent Events here. Resumes after the last callback seen (Last-Event-ID) when
// the connection drops.
import {authorization, askForToken} from './auth.js';

/**
 * Opens the stream of session `id` from `after` (0: the whole bounded log). `handlers` has
 * callback, operation, state, dropped, end (each given the parsed data), status (a short text) and
 * unavailable (the daemon has no stream: the caller falls back). Answers {close()}.
 */
export function openStream(id, after, handlers) {
  let lastSeq = after;
  let closed = false;
  let controller = null;
  let retry = 500;

  async function connect() {
    controller = new AbortController();
    const url = `/v1/sessions/${encodeURIComponent(id)}/events/stream?after=${lastSeq}`;
    let response;
    try {
      response = await fetch(url, {headers: {Accept: 'text/event-stream', ...authorization()}, signal: controller.signal});
    } catch {
      return reconnectLater();
    }
    if (response.status === 401) {
      await askForToken();
      return connect();
    }
    if (response.status === 501 || response.status === 404 && !response.headers.get('Content-Type')?.includes('problem')) {
      handlers.unavailable?.();
      return;
    }
    if (!response.ok) {
      const problem = await response.json().catch(() => null);
      if (response.status === 404) {
        handlers.end?.({reason: 'deleted', problem});
        return;
      }
      handlers.status?.(`stream refused: ${problem?.title ?? response.status}`);
      return reconnectLater(5000);
    }
    handlers.status?.('live');
    retry = 500;
    try {
      await read(response.body);
    } catch {
      // aborted or cut: reconnect below unless closed
    }
    reconnectLater();
  }

  function reconnectLater(delay = retry) {
    if (closed) return;
    handlers.status?.('reconnecting…');
    retry = Math.min(retry * 2, 8000);
    setTimeout(() => { if (!closed) connect(); }, delay);
  }

  async function read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const {value, done} = await reader.read();
      if (done) return;
      buffer += value;
      let boundary;
      while ((boundary = nextBoundary(buffer)) !== null) {
        dispatch(buffer.slice(0, boundary.index));
        buffer = buffer.slice(boundary.index + boundary.length);
      }
    }
  }

  function dispatch(block) {
    let type = 'message';
    const data = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) return;
    let message;
    try { message = JSON.parse(data.join('\n')); } catch { return; }
    if (type === 'callback' && typeof message.seq === 'number') lastSeq = Math.max(lastSeq, message.seq);
    if ((type === 'state' || type === 'operation') && typeof (message.lastSeq) === 'number') lastSeq = Math.max(lastSeq, message.lastSeq);
    if (type === 'end') closed = true;
    handlers[type]?.(message);
  }

  connect();
  return {
    close() {
      closed = true;
      controller?.abort();
    },
  };
}

function nextBoundary(buffer) {
  const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
  return match ? {index: match.index, length: match[0].length} : null;
}
