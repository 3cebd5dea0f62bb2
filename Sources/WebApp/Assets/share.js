// Taking a session out of the page: "Save as test" downloads its walk as a flow file (GET
// …/flow, written and recorded by the daemon), "Copy link to this screen" makes a URL that opens a
// new session restored to this one's state (GET …/snapshot, restored by POST /v1/sessions
// {snapshot}). The link carries the snapshot in its fragment, which the browser never sends to a
// server: it still opens the screen after this session has ended, on any daemon holding the storyboard.
import {request, ApiProblem} from './api.js';

const RESTORE = '#restore=';

/** Downloads the session's flow as `FILE.flow`. The flow names the one file dropped
 * (`storyboardFile`, beside it), or for several files dropped together the folder the flow is put
 * in (`app: .`: the app's folder, whose storyboards `segued test` reads as `segued import` does). */
export async function saveAsTest(sessionID, {storyboardFile = null, appFolder = null} = {}) {
  const query = storyboardFile ? `?storyboard=${encodeURIComponent(storyboardFile)}`
    : appFolder ? `?app=${encodeURIComponent(appFolder)}` : '';
  const response = await request('GET', `/v1/sessions/${encodeURIComponent(sessionID)}/flow${query}`, undefined, {raw: true});
  const text = await response.text();
  if (!response.ok) {
    let problem = null;
    try { problem = JSON.parse(text); } catch { /* not a problem document */ }
    throw new ApiProblem(problem?.title ? problem : {title: `HTTP ${response.status}`, status: response.status, detail: text.slice(0, 300)});
  }
  const url = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));
  const link = Object.assign(document.createElement('a'), {href: url, download: `session-${sessionID}.flow`});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return text;
}

/** The URL that restores this session's state in a new session. */
export async function linkToScreen(sessionID) {
  const snapshot = await request('GET', `/v1/sessions/${encodeURIComponent(sessionID)}/snapshot`);
  return `${location.origin}/ui/${RESTORE}${toBase64URL(JSON.stringify(snapshot))}`;
}

/** The snapshot a link opened at carries, or null. */
export function snapshotInLink(hash = location.hash) {
  if (!hash.startsWith(RESTORE)) return null;
  return JSON.parse(fromBase64URL(hash.slice(RESTORE.length)));
}

function toBase64URL(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64URL(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, character => character.charCodeAt(0)));
}
