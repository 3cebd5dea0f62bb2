// Turning dropped files into an upload (POST /v1/storyboards): Interface Builder `.storyboard` files
// of one app become one bundle {name, entry, storyboards: {Name: xml}} (so that their storyboard
// references resolve against each other); a `.json` file is sent as it is (a segued storyboard or
// an upload bundle).

/** Answers {body, contentType?, label} for `files` (a FileList or an array of File). */
export async function uploadBody(files) {
  const list = [...files];
  if (!list.length) throw new Error('No file given');
  const json = list.filter(file => file.name.toLowerCase().endsWith('.json'));
  const storyboards = list.filter(file => file.name.toLowerCase().endsWith('.storyboard'));
  if (json.length && storyboards.length || json.length > 1) {
    throw new Error('Drop either one .json file (a storyboard or an upload bundle) or .storyboard files of one app');
  }
  if (json.length) {
    return {body: await json[0].text(), contentType: 'application/json', label: json[0].name};
  }
  if (!storyboards.length) throw new Error('Only .storyboard and .json files can be uploaded');
  const bundle = {storyboards: {}};
  for (const file of storyboards) bundle.storyboards[file.name.replace(/\.storyboard$/i, '')] = await file.text();
  const names = Object.keys(bundle.storyboards);
  bundle.entry = names.includes('Main') ? 'Main' : names.sort()[0];
  bundle.name = bundle.entry;
  return {body: bundle, label: names.map(name => `${name}.storyboard`).join(', ')};
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
