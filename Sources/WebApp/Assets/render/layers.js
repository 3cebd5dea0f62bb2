// The window: the root layer, then each presentation over it (CONTRACTS: the stack's layers, bottom
// to top). Full-screen covers hide what is under them; sheets sit over a dimmed presenter; popovers
// float in a bubble. Everything under the top layer is inert, as UIKit lets only the top one be
// touched. Sheets and popovers offer the swipe-down / tap-outside dismissal as a Dismiss button.
import {h} from './dom.js';
import {drawController} from './controller.js';

const COVERS = new Set(['fullScreen', 'currentContext', 'custom', 'none']);
const OVER = new Set(['overFullScreen', 'overCurrentContext']);

export function drawWindow(stack, context) {
  const layers = stack?.layers ?? [];
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
          onclick: () => context.act.dismiss(layer.root)}),
        h('div.popover', {role: 'dialog', 'aria-label': 'Popover'}, h('div.popover-arrow', {'aria-hidden': 'true'}), root));
    } else {
      element = h(`div.layer.sheet-layer.${style ?? 'automatic'}`, {dataset: {style}},
        h('div.sheet', {role: 'dialog', 'aria-label': 'Sheet'},
          h('button.grabber', {type: 'button', 'aria-label': 'Dismiss', title: 'Swipe down: dismiss the sheet',
            onclick: () => context.act.dismiss(layer.root)}),
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
