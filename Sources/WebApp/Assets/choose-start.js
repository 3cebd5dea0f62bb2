// Asking where an app starts when its files do not say (no Info.plist naming one of them, no Main,
// several storyboards with an initial scene): a storyboard and one of its scenes (the initial one,
// or one with a storyboard identifier), shown in the upload's status until the person starts or
// cancels. upload.js remembers the answer with the upload.

import {h} from './render/dom.js';

/** Answers {storyboard, scene} (scene null: the storyboard's initial one) or null when cancelled. */
export function chooseStart(status, candidates, note) {
  return new Promise(resolve => {
    const storyboards = h('select', {id: 'start-storyboard'},
      candidates.map(candidate => h('option', {value: candidate.name}, `${candidate.name}.storyboard`)));
    const scenes = h('select', {id: 'start-scene'});
    const fill = () => {
      const candidate = candidates.find(each => each.name === storyboards.value);
      scenes.replaceChildren(...(candidate?.scenes ?? []).map(scene =>
        h('option', {value: scene.initial ? '' : scene.id}, scene.label)));
    };
    storyboards.addEventListener('change', fill);
    fill();
    const done = choice => { status.replaceChildren(); resolve(choice); };
    status.replaceChildren(h('form.choose-start', {
      onsubmit: event => { event.preventDefault(); done({storyboard: storyboards.value, scene: scenes.value || null}); },
    },
    h('p', {}, note ? `${note} ` : '', 'Which storyboard does the app start in?'),
    h('label', {}, 'Storyboard ', storyboards),
    h('label', {}, 'Scene ', scenes),
    h('div.choose-start-actions', {},
      h('button.primary', {id: 'start-chosen', type: 'submit'}, 'Start here'),
      h('button', {id: 'start-cancel', type: 'button', onclick: () => done(null)}, 'Cancel'))));
  });
}
