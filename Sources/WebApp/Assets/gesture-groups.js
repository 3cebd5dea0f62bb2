// A gesture's phases under one heading in the transcript (issue 51): a swipe back or a pulled sheet
// is one thing a person did, made of two operations the daemon reports apart (`swipeBack begin`,
// then `swipeBack finish` or `cancel`; the same for `pullDown`). Read from the operations' step
// lines, which the daemon writes (docs/flows.md); nothing is inferred from the callbacks.
import {h} from './render/dom.js';

const GESTURES = {swipeBack: 'swipe back', pullDown: 'pull down'};
const ENDINGS = {finish: 'finished', cancel: 'cancelled'};

/** The gesture and phase of an operation's step line, or null: `{gesture: 'swipeBack', phase: 'begin'}`. */
export function gesturePhase(operation) {
  const [gesture, phase] = (operation?.step ?? '').split(' ');
  return GESTURES[gesture] && ['begin', 'finish', 'cancel'].includes(phase) ? {gesture, phase} : null;
}

/** `drawn`: the transcript's groups as [group, element] pairs in order. Each run of a gesture's
 * begin and the finish or cancel right after it becomes one section headed by the gesture and how
 * it ended (or "in progress" while it has not); every other group stays as it was. */
export function nestGestures(drawn) {
  const out = [];
  for (let index = 0; index < drawn.length; index++) {
    const [group, element] = drawn[index];
    const begin = gesturePhase(group.operation);
    if (!begin || begin.phase !== 'begin') { out.push(element); continue; }
    const next = drawn[index + 1];
    const end = next ? gesturePhase(next[0].operation) : null;
    const ends = end && end.gesture === begin.gesture && end.phase !== 'begin';
    const state = ends ? ENDINGS[end.phase] : 'in progress';
    const refused = group.operation.performed === false;
    out.push(h(`section.gesture-group${refused ? '.gesture-refused' : ''}`, {'data-gesture': begin.gesture, 'data-state': refused ? 'refused' : state},
      h('header.gesture-head', {}, h('span.op-kind', {}, 'gesture'), ' ', GESTURES[begin.gesture], h('span.op-range', {}, refused ? ' · not begun' : ` · ${state}`)),
      element, ends ? next[1] : null));
    if (ends) index++;
  }
  return out;
}
