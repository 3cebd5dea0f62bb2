// Turning dropped files into an upload (POST /v1/storyboards): one Interface Builder `.storyboard`
// file is sent as its XML, exactly as `curl --data-binary @Main.storyboard -H 'Content-Type:
// application/xml'` sends it, so that the page and curl make the same upload (the same name, `Main`
// unless `?name=` says otherwise, and so the same content-addressed entry); several become one
// bundle {name, entry, storyboards: {Name: xml}} (so that their storyboard references resolve
// against each other); a `.json` file is sent as it is (a segued storyboard or an upload bundle).
// `sources` is what add-storyboard.js keeps: the files, to upload the app again with a missing
// storyboard, and the one file's name, for the `storyboard:` line of a flow saved from a session.

/** The name the daemon gives an Interface Builder file uploaded alone without `?name=`. */
export const DEFAULT_XML_NAME = 'Main';

/** Answers {body, contentType?, label, sources?} for `files` (a FileList or an array of File). */
export async function uploadBody(files) {
  const list = [...files];
  if (!list.length) throw new Error('No file given');
  const json = list.filter(file => file.name.toLowerCase().endsWith('.json'));
  const storyboards = list.filter(file => file.name.toLowerCase().endsWith('.storyboard'));
  if (json.length && storyboards.length || json.length > 1) {
    throw new Error('Drop either one .json file (a storyboard or an upload bundle) or .storyboard files of one app');
  }
  if (json.length) {
    // Only the file's name is kept: a flow saved from its sessions names it (`storyboard: Shop.json`).
    return {body: await json[0].text(), contentType: 'application/json', label: json[0].name, sources: {file: json[0].name}};
  }
  if (!storyboards.length) throw new Error('Only .storyboard and .json files can be uploaded');
  if (storyboards.length === 1) {
    const xml = await storyboards[0].text();
    return {body: xml, contentType: 'application/xml', label: storyboards[0].name,
      sources: {file: storyboards[0].name, name: DEFAULT_XML_NAME, entry: DEFAULT_XML_NAME, storyboards: {[DEFAULT_XML_NAME]: xml}}};
  }
  const bundle = {storyboards: {}};
  for (const file of storyboards) bundle.storyboards[file.name.replace(/\.storyboard$/i, '')] = await file.text();
  const names = Object.keys(bundle.storyboards);
  bundle.entry = names.includes('Main') ? 'Main' : names.sort()[0];
  bundle.name = bundle.entry;
  return {body: bundle, label: names.map(name => `${name}.storyboard`).join(', '), sources: bundle};
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
