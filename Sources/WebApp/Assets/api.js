// The segued API over fetch: JSON in, JSON out, every failure an ApiProblem carrying the RFC 9457
// document as the daemon wrote it (type, title, status, detail).
import {authorization, askForToken} from './auth.js';

export class ApiProblem extends Error {
  constructor(problem) {
    super(problem.title ?? 'Request failed');
    this.problem = problem;
  }
}

/** Sends one request; on a 401 asks for the token and sends it again. */
export async function request(method, path, body, {headers = {}, raw = false} = {}) {
  for (;;) {
    const init = {method, headers: {...authorization(), ...headers}};
    if (body !== undefined) {
      if (typeof body === 'string') {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        init.headers['Content-Type'] = 'application/json';
      }
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      throw new ApiProblem({type: 'about:blank', title: 'The daemon cannot be reached', detail: String(error.message ?? error)});
    }
    if (response.status === 401) {
      await askForToken();
      continue;
    }
    if (raw) return response;
    if (response.status === 304) return null;
    const text = await response.text();
    const document = text ? parseJSON(text) : null;
    if (!response.ok) {
      throw new ApiProblem(document && typeof document === 'object' && document.title
        ? document
        : {type: 'about:blank', title: response.statusText || `HTTP ${response.status}`, status: response.status, detail: text.slice(0, 300)});
    }
    return document;
  }
}

function parseJSON(text) {
  try { return JSON.parse(text); } catch { return null; }
}

const session = id => `/v1/sessions/${encodeURIComponent(id)}`;

export const api = {
  storyboards: () => request('GET', '/v1/storyboards'),
  storyboard: id => request('GET', `/v1/storyboards/${encodeURIComponent(id)}`),
  upload: (body, contentType, name) => typeof body === 'string'
    ? request('POST', `/v1/storyboards${name ? `?name=${encodeURIComponent(name)}` : ''}`, body, {headers: {'Content-Type': contentType}})
    : request('POST', '/v1/storyboards', body),
  createSession: body => request('POST', '/v1/sessions', body),
  session: id => request('GET', session(id)),
  stack: (id, etag) => request('GET', `${session(id)}/stack`, undefined, {headers: etag ? {'If-None-Match': etag} : {}}),
  triggerable: id => request('GET', `${session(id)}/segues`),
  segue: (id, body) => request('POST', `${session(id)}/segues`, body),
  unwind: (id, body) => request('POST', `${session(id)}/unwind`, body),
  action: (id, body) => request('POST', `${session(id)}/actions`, body),
  events: (id, after, limit = 1000) => request('GET', `${session(id)}/events?after=${after}&limit=${limit}`),
};
