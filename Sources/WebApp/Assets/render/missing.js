// A scene that stands for a storyboard the upload lacked (its `missingReference`): what the app
// would show there is in another storyboard file, so the phone says which, and takes that file
// dropped onto it (the session view adds it to the app: add-storyboard.js).
import {h} from './dom.js';

/** The panel drawn in place of the referenced scene. */
export function drawMissing(reference, context) {
  const file = `${reference.storyboard}.storyboard`;
  const input = h('input', {type: 'file', accept: '.storyboard,application/xml', 'aria-label': `Choose ${file}`});
  const add = files => { if (files?.length) context.addStoryboard?.(reference, files); };
  input.addEventListener('change', () => { add(input.files); input.value = ''; });
  const panel = h('section.missing-storyboard', {role: 'region', 'aria-label': 'Missing storyboard', dataset: {storyboard: reference.storyboard}},
    h('h3', {}, `${file} was not uploaded`),
    h('p', {}, 'This screen is a storyboard reference to ',
      reference.identifier ? ['the scene ', h('code', {}, reference.identifier)] : 'the initial scene',
      ' of storyboard ', h('strong', {}, reference.storyboard), '.'),
    h('label.missing-drop', {}, h('span', {}, `Drop ${file} here to add it to the app, or choose it: `), input));
  for (const type of ['dragenter', 'dragover']) {
    panel.addEventListener(type, event => { event.preventDefault(); panel.classList.add('dragging'); });
  }
  panel.addEventListener('dragleave', () => panel.classList.remove('dragging'));
  panel.addEventListener('drop', event => {
    event.preventDefault();
    panel.classList.remove('dragging');
    add(event.dataTransfer?.files);
  });
  return panel;
}
