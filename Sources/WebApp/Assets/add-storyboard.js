// Adding a storyboard the app references but the upload lacked. The daemon keeps an upload's graph,
// not its files, so this page keeps the files it uploaded (localStorage, by the storyboard id the
// daemon answered): the app's files plus the dropped one are uploaded again as one bundle, keyed
// by the storyboard names the references use, and a new session of it continues where the person
// was (the daemon replays the old session's walk on it: session-view.js). An app uploaded elsewhere (curl, another browser) has no files here: the person is
// told to upload all of them together from the start page.

const KEY = 'segued.sources.';

/** Remembers the files of an upload ({name, entry, storyboards: {Name: xml}, sources?: {path: code}})
 * under its id. */
export function rememberSources(storyboardID, sources) {
  const text = JSON.stringify(sources);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      localStorage.setItem(KEY + storyboardID, text);
      return true;
    } catch {
      // Full: older apps' files go (they can be dropped again), then one more try.
      for (const key of Object.keys(localStorage)) if (key.startsWith(KEY)) localStorage.removeItem(key);
    }
  }
  return false;
}

export function sourcesOf(storyboardID) {
  try {
    return JSON.parse(localStorage.getItem(KEY + storyboardID) ?? 'null');
  } catch {
    return null;
  }
}

/** The bundle of `storyboardID`'s files with `file` added as storyboard `reference.storyboard`;
 * throws an Error saying what to do when this page does not have the app's files. */
export async function bundleWith(storyboardID, storyboardName, reference, file) {
  if (!file.name.toLowerCase().endsWith('.storyboard')) {
    throw new Error(`${file.name} is not a .storyboard file: drop ${reference.storyboard}.storyboard`);
  }
  const sources = sourcesOf(storyboardID);
  if (!sources?.storyboards) {
    throw new Error(`This page does not have the files of “${storyboardName}” (it was uploaded elsewhere): drop them on the start page together with ${reference.storyboard}.storyboard.`);
  }
  const storyboards = {...sources.storyboards, [reference.storyboard]: await file.text()};
  // The app's code (its `sources`) goes again with it: what its controls' actions do.
  return {name: sources.name, entry: sources.entry, storyboards, ...(sources.sources ? {sources: sources.sources} : {})};
}
