// The window: the root layer, then each presentation over it (CONTRACTS: the stack's layers, bottom
// to top). Full-screen covers hide what is under them; sheets sit over a dimmed presenter; popovers
// float in a bubble. Everything under the top layer is inert, as UIKit lets only the top one be
// touched. A sheet's grab handle is dragged down (gestures.js) or tapped for a whole pull; a tap
// outside a popover is the user's dismissal (`tapOutside`), not a code `dismiss`.
import {h} from './dom.js';
import {drawController} from './controller.js';

const COVERS = new Set(['fullScreen', 'currentContext', 'custom', 'none']);
const OVER = new Set(['overFullScreen', 'overCurrentContext']);

export function drawWindow(stack, context) {
  const layers = stack?.layers ?? [];
  // What a gesture in progress leaves on both sides (controller.js draws a swipe's revealed screen).
  context.transition = stack?.transition ?? null;
  const window = h('div.window', {});
  layers.forEach((layer, index) => {
    const style = layer.presentation?.style ?? null;
    const root = drawController(layer.root, context);
    let element;
    if (!layer.presentation) {
      element = h('div.layer.root-layer', {}, root);
    } else if (COVERS.has(style) || OVER.has(style)) {
      element = h(`div.layer.cover.${OVER.has(style) ? 'over' : 'opaque'}`, {dataset: {style}}, root);
    } else if (style === 'popover') {
      element = h('div.layer.popover-layer', {dataset: {style}},
        h('button.popover-outside', {type: 'button', 'aria-label': 'Dismiss', title: 'Tap outside the popover: dismiss',
          onclick: () => context.act.tapOutside(layer.root)}),
        anchored(h('div.popover', {role: 'dialog', 'aria-label': 'Popover'}, h('div.popover-arrow', {'aria-hidden': 'true'}), root),
          context.anchors?.get(layer.root.id)));
    } else {
      element = h(`div.layer.sheet-layer.${style ?? 'automatic'}`, {dataset: {style}},
        h('div.sheet', {role: 'dialog', 'aria-label': 'Sheet'},
          h('button.grabber', {type: 'button', 'aria-label': 'Dismiss', title: 'Pull down: dismiss the sheet',
            onclick: () => context.act.pull(layer.root)}),
          root));
    }
    element.dataset.layer = String(index);
    window.append(element);
  });
  // What lies under the top layer: hidden under an opaque cover, dimmed (and inert) otherwise.
  const elements = [...window.children];
  let hidden = false;
  for (let index = elements.length - 1; index >= 0; index -= 1) {
    const element = elements[index];
    if (index < elements.length - 1) {
      element.inert = true;
      element.classList.add('beneath');
      element.hidden = hidden;
    }
    if (element.classList.contains('opaque')) hidden = true;
  }
  // Presenters under a sheet on a phone recede, as iOS's card presentation does.
  const top = elements.at(-1);
  if (top?.classList.contains('sheet-layer') && elements.length > 1) elements.at(-2).classList.add('receded');
  return window;
}

// A popover points at what was tapped to show it (when this window tapped it; a popover another
// window or a harness caused keeps the default place, top right, as the stack does not say).
const POPOVER_WIDTH = 320;

function anchored(popover, anchor) {
  if (!anchor) return popover;
  const left = Math.max(8, Math.min(anchor.x + anchor.width / 2 - POPOVER_WIDTH / 2, anchor.screenWidth - POPOVER_WIDTH - 8));
  popover.style.left = `${left}px`;
  popover.style.right = 'auto';
  popover.style.top = `${anchor.y + anchor.height + 10}px`;
  popover.firstChild.style.left = `${anchor.x + anchor.width / 2 - left - 9}px`;
  popover.firstChild.style.right = 'auto';
  return popover;
}
