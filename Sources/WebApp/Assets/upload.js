// Turning dropped files into an upload (POST /v1/storyboards): one Interface Builder `.storyboard`
// file is sent as its XML under its own name (`?name=MainStoryboard`), exactly as `curl
// --data-binary @MainStoryboard.storyboard -H 'Content-Type: application/xml'
// '…/v1/storyboards?name=MainStoryboard'` sends it, so that the page and curl make the same upload;
// several become one bundle {name, entry, storyboards: {Name: xml}} (so that their storyboard
// references resolve against each other); a `.json` file is sent as it is (a segued storyboard or
// an upload bundle). The app's Swift and Objective-C files dropped with them (`.swift`, `.m`, `.mm`,
// `.h`) go into the bundle's `sources`, as `segued import` puts them, keyed by the path within a
// dropped folder, else by the file's name: the daemon reads from them the unwind actions classes
// implement and what each control's action method does (spec §5.13), so that a tap on a Cancel
// wired to `dismiss(animated:)` dismisses.
//
// The entry is where the app starts: the storyboard an `Info.plist` dropped with them names
// (plist.js), else `Main`, else the only one with an initial scene, else the person's choice
// (`choose`, with the scene to start from). `sources` is what add-storyboard.js keeps: the files,
// to upload the app again with a missing storyboard, the one file's name, for the `storyboard:` line
// of a flow saved from a session, and the scene chosen to start from.

import {launchStoryboards} from './plist.js';

const baseName = file => file.name.replace(/\.storyboard$/i, '');
const SOURCE = /\.(swift|m|mm|h)$/i;

/**
 * Answers {body, contentType?, name?, label, sources?, initialScene?, how} for `files` (a FileList
 * or an array of File). `choose(candidates, note)` asks which storyboard and scene to start from:
 * candidates are [{name, initial, scenes: [{id, label}]}] (the storyboards with an initial scene);
 * it answers {storyboard, scene} (scene null: the initial one) or null to cancel (then so does this).
 */
export async function uploadBody(files, {choose, idiom = 'phone'} = {}) {
  const list = [...files];
  if (!list.length) throw new Error('No file given');
  const json = list.filter(file => file.name.toLowerCase().endsWith('.json'));
  const storyboards = list.filter(file => file.name.toLowerCase().endsWith('.storyboard'));
  const plists = list.filter(file => file.name.toLowerCase().endsWith('.plist'));
  const code = list.filter(file => SOURCE.test(file.name));
  if (json.length && storyboards.length || json.length > 1) {
    throw new Error('Drop either one .json file (a storyboard or an upload bundle) or .storyboard files of one app');
  }
  if (json.length) {
    // Only the file's name is kept: a flow saved from its sessions names it (`storyboard: Shop.json`).
    return {body: await json[0].text(), contentType: 'application/json', label: json[0].name, sources: {file: json[0].name}, how: null};
  }
  if (!storyboards.length) {
    throw new Error(plists.length ? 'An Info.plist says where an app starts: drop it with the app’s .storyboard files'
      : code.length ? 'Sources say what an app’s controls do: drop them with the app’s .storyboard files'
        : 'Only .storyboard, .json, Info.plist and source (.swift, .m, .h) files can be uploaded');
  }
  const texts = {};
  for (const file of storyboards) texts[baseName(file)] = await file.text();
  const names = Object.keys(texts).sort();
  const sources = {};
  for (const file of code) sources[file.webkitRelativePath || file.name] = await file.text();
  const label = storyboards.map(file => file.name).join(', ') + (code.length ? ` and ${code.length} source file${code.length === 1 ? '' : 's'}` : '');
  const {entry, scene, how} = await startOf(texts, names, plists, {choose, idiom});
  if (!entry) return null;
  if (names.length === 1 && !code.length) {
    return {body: texts[entry], contentType: 'application/xml', name: entry, label, initialScene: scene, how,
      sources: {file: storyboards[0].name, name: entry, entry, storyboards: texts, initialScene: scene}};
  }
  const bundle = {name: entry, entry, storyboards: texts, ...(code.length ? {sources} : {})};
  return {body: bundle, label, initialScene: scene, how, sources: {...bundle, initialScene: scene}};
}

/** {entry, scene, how}: where the app starts, and what said so. */
async function startOf(texts, names, plists, {choose, idiom}) {
  let note = null;
  for (const plist of plists) {
    let named;
    try {
      named = launchStoryboards(await plist.text(), idiom);
    } catch (error) {
      note = `${plist.name} is not read: ${error.message}.`;
      continue;
    }
    const found = named.find(name => name in texts);
    if (found) return {entry: found, scene: null, how: `${plist.name} starts the app in ${found}.storyboard`};
    if (named.length) note = `${plist.name} starts the app in ${named[0]}.storyboard, which was not dropped.`;
  }
  if (names.length === 1) return {entry: names[0], scene: null, how: null};
  if (names.includes('Main') && !note) return {entry: 'Main', scene: null, how: 'Main.storyboard is the entry'};
  const candidates = names.map(name => candidateOf(name, texts[name])).filter(candidate => candidate.initial);
  if (candidates.length === 1 && !note) {
    return {entry: candidates[0].name, scene: null, how: `${candidates[0].name}.storyboard is the only one with an initial scene`};
  }
  if (!choose) return {entry: candidates[0]?.name ?? names[0], scene: null, how: null};
  const choice = await choose(candidates.length ? candidates : names.map(name => candidateOf(name, texts[name])), note);
  if (!choice) return {entry: null};
  return {entry: choice.storyboard, scene: choice.scene ?? null, how: `you chose ${choice.storyboard}.storyboard`};
}

/** What the chooser lists of one storyboard: whether it has an initial scene, and the scenes a
 * launch can start from (the initial one, and those with a storyboard identifier, which an app
 * instantiates by code), read from the document's attributes only. */
function candidateOf(name, xml) {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const root = document.documentElement;
  const initial = root?.getAttribute('initialViewController') || null;
  const scenes = [];
  for (const controller of document.querySelectorAll('scene > objects > [sceneMemberID="viewController"]')) {
    const id = controller.getAttribute('id');
    const identifier = controller.getAttribute('storyboardIdentifier');
    if (controller.nodeName === 'viewControllerPlaceholder' || !id || (id !== initial && !identifier)) continue;
    const kind = controller.getAttribute('customClass') || controller.nodeName;
    scenes.push({id: `${name}:${id}`, label: id === initial ? `Initial scene (${kind})` : `${identifier} (${kind})`, initial: id === initial});
  }
  scenes.sort((a, b) => Number(b.initial) - Number(a.initial));
  return {name, initial, scenes};
}

/** Wires a drop zone and its file input to `onFiles(files)`. */
export function wireDropZone(zone, input, onFiles) {
  input.addEventListener('change', () => { if (input.files.length) onFiles(input.files); input.value = ''; });
  for (const type of ['dragenter', 'dragover']) {
    zone.addEventListener(type, event => { event.preventDefault(); zone.classList.add('dragging'); });
  }
  for (const type of ['dragleave', 'drop']) {
    zone.addEventListener(type, () => zone.classList.remove('dragging'));
  }
  zone.addEventListener('drop', event => {
    event.preventDefault();
    if (event.dataTransfer?.files?.length) onFiles(event.dataTransfer.files);
  });
}
