// A gesture recognizer of the screen (a scene `ui` control of type `gestureRecognizer`: spec
// §5.13), drawn where it sits in reading order, after the view it is attached to: an outlined area
// with the gesture's icon, the recognizer's name and the gesture in words ("Swipe left", "Long
// press"). Whatever its gesture, tapping it sends `POST …/actions {"type": "tap", "control"}`, and
// the daemon performs the segue it triggers or the calls its action method makes (code-actions.js).
import {h} from './dom.js';
import {CODEPOINTS} from './icon-codepoints.js';
import {describeTrigger} from './baritems.js';
import {describeAction} from '../code-actions.js';

// Each gesture's Material icon (scripts/icon-font keeps these in the font).
export const GESTURE_ICONS = {
  'tap': 'touch_app', 'swipe.left': 'swipe_left', 'swipe.right': 'swipe_right', 'swipe.up': 'swipe_up',
  'swipe.down': 'swipe_down', 'longpress': 'fingerprint', 'pan': 'pan_tool', 'screenedgepan': 'swipe_right',
  'pinch': 'pinch', 'rotation': 'rotate_right', 'hover': 'mouse', 'custom': 'gesture',
};

const FINGERS = {2: 'Two', 3: 'Three', 4: 'Four', 5: 'Five'};

/** The gesture in words, as the daemon names recognizers: "Tap", "Double tap", "Swipe left",
 * "Long press", "Two-finger swipe up". */
export function gestureName(gesture) {
  let words;
  switch (gesture?.type) {
    case 'tap': words = {1: 'Tap', 2: 'Double tap', 3: 'Triple tap'}[gesture.taps ?? 1] ?? `${gesture.taps}-tap`; break;
    case 'swipe': words = `Swipe ${gesture.direction ?? 'right'}`; break;
    case 'longPress': words = 'Long press'; break;
    case 'pan': words = 'Pan'; break;
    case 'screenEdgePan': words = gesture.direction ? `Pan from the ${gesture.direction} edge` : 'Edge pan'; break;
    case 'pinch': words = 'Pinch'; break;
    case 'rotation': words = 'Rotate'; break;
    case 'hover': words = 'Hover'; break;
    default: words = 'Gesture';
  }
  if (!(gesture?.touches > 1)) return words;
  return `${FINGERS[gesture.touches] ?? gesture.touches}-finger ${words[0].toLowerCase()}${words.slice(1)}`;
}

function glyph(gesture) {
  const key = gesture?.type === 'swipe' ? `swipe.${gesture.direction ?? 'right'}` : String(gesture?.type ?? 'custom').toLowerCase();
  const code = CODEPOINTS[GESTURE_ICONS[key] ?? 'gesture'];
  return code ? String.fromCodePoint(code) : null;
}

/** The recognizer's area: `context.act.tapAction` sends the tap. */
export function gestureChip(control, vc, context) {
  const name = gestureName(control.gesture);
  const label = control.text ?? name;
  const does = control.trigger ? describeTrigger(control.trigger) : control.action ? describeAction(control.action) : 'Nothing';
  const sign = glyph(control.gesture);
  return h('button.gesture-area', {
    type: 'button',
    'aria-label': label,
    title: `${name} on ${control.gesture?.view ?? 'a view'} — a tap here makes the gesture. ${does}`,
    dataset: {gesture: control.gesture?.type ?? 'custom', selector: control.action?.selector},
    disabled: !control.trigger && !control.action,
    onclick: event => context.act.tapAction(control, 'gestureRecognizer', vc, event.currentTarget, label),
  },
  sign ? h('span.gesture-icon', {'aria-hidden': 'true'}, sign) : null,
  h('span.gesture-text', {}, label),
  // The gesture in words, unless the name already starts with them ("Swipe left on the view").
  label.startsWith(name) ? null : h('span.gesture-kind', {}, name));
}
