// The page: the start screen (the demo, an upload, or an uploaded storyboard, with the device and
// profile to launch with) at /ui/, one session at /ui/sessions/{id}.
import {api, ApiProblem} from './api.js';
import {SessionView} from './session-view.js';
import {uploadBody, wireDropZone} from './upload.js';
import {chooseStart} from './choose-start.js';
import {rememberSources, sourcesOf} from './add-storyboard.js';
import {showProblem, clearProblem} from './problem.js';
import {h} from './render/dom.js';
import {saveAsTest, linkToScreen, snapshotInLink} from './share.js';

const $ = id => document.getElementById(id);
const SESSION_PATH = /^\/ui\/sessions\/([^/]+)\/?$/;
let current = null;

function route() {
  current?.close();
  current = null;
  clearProblem();
  const match = SESSION_PATH.exec(location.pathname);
  if (location.hash.startsWith('#restore=')) restoreFromLink();
  else if (match) showSession(decodeURIComponent(match[1]));
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
      h('button.link', {type: 'button', onclick: () => launch(storyboard.id, sourcesOf(storyboard.id)?.initialScene)}, `Open ${storyboard.name}`),
      ' ', h('code.storyboard-id', {title: storyboard.id}, shortId(storyboard.id)),
      h('div.storyboard-meta', {}, describeUpload(storyboard)), warningList(storyboard.warnings))));
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
  ].filter(Boolean).join(' · ');
}

/** An upload's lint warnings as a list that opens on a click (`26 warnings`), or nothing. */
function warningList(warnings) {
  if (!warnings?.length) return null;
  return h('details.warnings', {},
    h('summary', {}, plural(warnings.length, 'warning')),
    h('ul', {}, warnings.map(text => h('li', {}, text))));
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

/** A new session of `storyboard`, in `initialScene` when the person chose one to start from. */
async function launch(storyboard, initialScene = null) {
  try {
    const session = await api.createSession({storyboard, ...launchOptions(), ...(initialScene ? {initialScene} : {})});
    go(`/ui/sessions/${encodeURIComponent(session.id)}`);
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, 'starting a session');
  }
}

async function upload(files) {
  const status = $('upload-status');
  let prepared;
  try {
    prepared = await uploadBody(files, {choose: (candidates, note) => chooseStart(status, candidates, note), idiom: launchOptions().traits.idiom});
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  if (!prepared) {
    status.textContent = 'Upload cancelled.';
    return;
  }
  status.textContent = `Uploading ${prepared.label}…`;
  try {
    const answer = await api.upload(prepared.body, prepared.contentType, prepared.name);
    clearProblem();
    if (prepared.sources) rememberSources(answer.id, prepared.sources);
    // replaceChildren writes a null as "null": only what there is.
    status.replaceChildren(...[
      h('span', {}, `Uploaded ${prepared.label} as “${answer.name}”${prepared.how ? ` (${prepared.how})` : ''}.`),
      warningList(answer.warnings)].filter(Boolean));
    await listStoryboards();
    await launch(answer.id, prepared.initialScene);
  } catch (error) {
    status.textContent = '';
    if (error instanceof ApiProblem) showProblem(error.problem, `uploading ${prepared.label}`);
  }
}

// A link to a screen (share.js): a new session restored from the snapshot the link carries.

async function restoreFromLink() {
  let snapshot;
  try {
    snapshot = snapshotInLink();
  } catch (error) {
    history.replaceState(null, '', '/ui/');
    showStart();
    showProblem({title: 'This link is damaged', detail: `Its snapshot does not read: ${error.message}`}, 'opening a link');
    return;
  }
  try {
    const session = await api.createSession({snapshot});
    history.replaceState(null, '', `/ui/sessions/${encodeURIComponent(session.id)}`);
    route();
  } catch (error) {
    history.replaceState(null, '', '/ui/');
    await showStart();
    if (error instanceof ApiProblem) showProblem(error.problem, 'opening the screen of a link');
  }
}

async function saveTest() {
  if (!current) return;
  try {
    // The flow names the file this page uploaded, when it uploaded one; the app's folder, where the
    // flow is put, when it uploaded several: storyboards, or one with the app's sources, whose
    // taps of code actions `segued test` performs only with those sources read (else the daemon's
    // default, `app: ENTRY`, a folder of that name beside the flow).
    const sources = sourcesOf(current.session?.storyboard);
    const several = Object.keys(sources?.storyboards ?? {}).length > 1 || Boolean(sources?.sources);
    await saveAsTest(current.id, several ? {appFolder: '.'} : {storyboardFile: sources?.file});
    clearProblem();
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, 'saving the session as a test');
  }
}

async function copyLink() {
  if (!current) return;
  let url;
  try {
    url = await linkToScreen(current.id);
  } catch (error) {
    if (error instanceof ApiProblem) showProblem(error.problem, 'making a link to this screen');
    return;
  }
  $('link-url').value = url;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // no clipboard (a page not served over a secure origin, or permission refused): select it instead
  }
  $('link-status').textContent = copied ? 'Copied to the clipboard.' : 'Copy it from here:';
  $('link-dialog').showModal();
  $('link-url').select();
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
    openSession: sessionID => go(`/ui/sessions/${encodeURIComponent(sessionID)}`),
    // An unread action's "App code…" opens the same menu as the session's button.
    openAppCode: () => view.openAppCodeMenu($('app-code-dialog'), $('app-code-body')),
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
  $('save-test-button').addEventListener('click', saveTest);
  $('copy-link-button').addEventListener('click', copyLink);
  $('app-code-button').addEventListener('click', () => current?.openAppCodeMenu($('app-code-dialog'), $('app-code-body')));
  $('tab-transcript').addEventListener('click', event => selectPanel(event.currentTarget));
  $('tab-map').addEventListener('click', event => selectPanel(event.currentTarget));
  document.querySelector('.brand').addEventListener('click', event => { event.preventDefault(); go('/ui/'); });
  window.addEventListener('popstate', route);
  // A link to a screen pasted into this tab changes only the fragment: the page does not reload.
  window.addEventListener('hashchange', () => { if (location.hash.startsWith('#restore=')) route(); });
  // A page left for another keeps no stream open (Chrome's back/forward cache would keep it);
  // coming back to it redraws from the daemon.
  window.addEventListener('pagehide', () => current?.close());
  window.addEventListener('pageshow', event => { if (event.persisted) route(); });
}

wire();
route();
