// The page: the start screen (the demo, an upload, or an uploaded storyboard, with the device and
// profile to launch with) at /ui/, one session at /ui/sessions/{id}.
import {api, ApiProblem} from './api.js';
import {SessionView} from './session-view.js';
import {uploadBody, wireDropZone} from './upload.js';
import {showProblem, clearProblem} from './problem.js';
import {h} from './render/dom.js';

const $ = id => document.getElementById(id);
const SESSION_PATH = /^\/ui\/sessions\/([^/]+)\/?$/;
let current = null;

function route() {
  current?.close();
  current = null;
  clearProblem();
  const match = SESSION_PATH.exec(location.pathname);
  if (match) showSession(decodeURIComponent(match[1]));
  else showStart();
}

function go(path) {
  history.pushState(null, '', path);
  route();
}

// The start screen.

async function showStart() {
  $('workspace').hidden = true;
  $('session-controls').hidden = true;
  $('session-label').textContent = '';
  $('start').hidden = false;
  document.title = 'segued';
  await listStoryboards();
}

async function listStoryboards() {
  const list = $('storyboard-list');
  try {
    const {storyboards} = await api.storyboards();
    list.replaceChildren(...storyboards.map(storyboard => h('li', {dataset: {storyboard: storyboard.id}},
      h('button.link', {type: 'button', onclick: () => launch(storyboard.id)}, `Open ${storyboard.name}`),
      ' ', h('code.storyboard-id', {title: storyboard.id}, shortId(storyboard.id)),
      h('div.storyboard-meta', {}, describeUpload(storyboard)))));
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, 'listing storyboards');
  }
}

/** `3 scenes · 4 segues · 1 session`, and the storyboard files of a bundle: what tells uploads of
 * the same name apart, with the id beside it. */
function describeUpload(storyboard) {
  const parts = Object.values(storyboard.summary ?? {});
  // Relationships (a container's children) are IB "segues" that no one performs: not counted.
  const segues = parts.reduce((sum, part) => sum + Object.entries(part.segues ?? {})
    .reduce((count, [kind, n]) => count + (kind === 'relationship' ? 0 : n), 0), 0);
  const files = Object.keys(storyboard.summary ?? {});
  return [
    files.length > 1 ? `${plural(files.length, 'storyboard')} (${files.join(', ')})` : null,
    plural(scenesIn(storyboard), 'scene'), plural(segues, 'segue'), plural(storyboard.sessions ?? 0, 'session'),
    storyboard.warnings?.length ? plural(storyboard.warnings.length, 'warning') : null,
  ].filter(Boolean).join(' · ');
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `sb-ad643282b8dd…` → `ad643282`: enough to tell uploads apart; the whole id is its title. */
function shortId(id) {
  return String(id).replace(/^sb-/, '').slice(0, 8);
}

function scenesIn(storyboard) {
  return Object.values(storyboard.summary ?? {}).reduce((sum, part) => sum + (part.scenes ?? 0), 0);
}

function launchOptions() {
  const pad = $('start-device').value === 'pad';
  return {
    profile: $('start-profile').value,
    traits: {idiom: pad ? 'pad' : 'phone', horizontalSizeClass: pad ? 'regular' : 'compact'},
  };
}

async function launch(storyboard) {
  try {
    const session = await api.createSession({storyboard, ...launchOptions()});
    go(`/ui/sessions/${encodeURIComponent(session.id)}`);
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, 'starting a session');
  }
}

async function upload(files) {
  const status = $('upload-status');
  let prepared;
  try {
    prepared = await uploadBody(files);
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  status.textContent = `Uploading ${prepared.label}…`;
  try {
    const answer = await api.upload(prepared.body, prepared.contentType);
    clearProblem();
    const warnings = answer.warnings ?? [];
    status.replaceChildren(h('span', {}, `Uploaded ${answer.name}.`),
      warnings.length ? h('details', {}, h('summary', {}, `${warnings.length} lint warnings`), h('ul', {}, warnings.map(text => h('li', {}, text)))) : null);
    await listStoryboards();
    await launch(answer.id);
  } catch (error) {
    status.textContent = '';
    if (error instanceof ApiProblem) showProblem(error.problem, `uploading ${prepared.label}`);
  }
}

// A session.

async function showSession(id) {
  $('start').hidden = true;
  $('workspace').hidden = false;
  $('session-controls').hidden = false;
  document.title = `segued · ${id}`;
  const view = new SessionView(id, {
    screen: $('screen'), device: $('device'), transcript: $('transcript'), filters: $('transcript-filters'),
    map: $('map-panel'), label: $('session-label'), traits: $('session-traits'),
    streamStatus: text => { $('session-label').dataset.stream = text; },
  });
  current = view;
  $('screen').replaceChildren();
  try {
    await view.open();
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, `opening session ${id}`);
    else throw error;
  }
}

function selectPanel(tab) {
  for (const other of [$('tab-transcript'), $('tab-map')]) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
  if (tab === $('tab-map')) current?.drawMap();
}

function wire() {
  $('start-demo').addEventListener('click', () => launch('demo'));
  wireDropZone($('dropzone'), $('file-input'), upload);
  // Files dropped anywhere on the start screen count.
  wireDropZone($('start'), $('file-input'), upload);
  $('new-session-button').addEventListener('click', () => go('/ui/'));
  $('app-code-button').addEventListener('click', () => current?.openAppCodeMenu($('app-code-dialog'), $('app-code-body')));
  $('tab-transcript').addEventListener('click', event => selectPanel(event.currentTarget));
  $('tab-map').addEventListener('click', event => selectPanel(event.currentTarget));
  document.querySelector('.brand').addEventListener('click', event => { event.preventDefault(); go('/ui/'); });
  window.addEventListener('popstate', route);
  // A page left for another keeps no stream open (Chrome's back/forward cache would keep it);
  // coming back to it redraws from the daemon.
  window.addEventListener('pagehide', () => current?.close());
  window.addEventListener('pageshow', event => { if (event.persisted) route(); });
}

wire();
route();
