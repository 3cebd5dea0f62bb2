// A bar button item (navigation bar or toolbar) as a button: its title, or the system item as iOS
// draws it (a word or a glyph) with the name VoiceOver reads.
import {h, icon} from './dom.js';
import {BAR_ITEM_NAMES, BOLD_ITEMS, GLYPHS, WORD_ITEMS} from './system-items.js';
import {imageGlyph, imageName, imageView} from './images.js';
import {describeAction} from '../code-actions.js';

export function barItemName(item) {
  return item.title || item.userLabel || BAR_ITEM_NAMES[item.systemItem] || item.systemItem || imageName(item.image) || 'Item';
}

/** The button for `item` of the instance `vc`; null for spaces. */
export function barButton(item, vc, context) {
  if (item.systemItem === 'flexibleSpace') return h('span.bar-flexible-space', {'aria-hidden': 'true'});
  if (item.systemItem === 'fixedSpace') return h('span.bar-fixed-space', {'aria-hidden': 'true'});
  const name = barItemName(item);
  const system = item.systemItem;
  const glyph = !item.title && system && !WORD_ITEMS.has(system) ? GLYPHS[system] : null;
  // An image item without a title: its icon (or, not drawable, its Interface Builder label or name).
  const image = !item.title && !glyph && item.image && (imageGlyph(item.image) || !item.userLabel) ? imageView(item.image) : null;
  // Its segue when it has one, else its action method's code (code-actions.js).
  const code = !item.trigger && item.action;
  return h(`button.bar-button${BOLD_ITEMS.has(system) ? '.bold' : ''}${glyph || image ? '.glyph' : ''}${code ? '.code-action' : ''}`, {
    type: 'button',
    'aria-label': glyph || image ? name : null,
    title: code ? describeAction(item.action) : describeTrigger(item.trigger),
    disabled: !item.trigger && !item.action,
    dataset: code ? {selector: item.action.selector} : null,
    onclick: event => code ? context.act.tapAction(item, 'barItem', vc, event.currentTarget, name)
      : context.act.trigger(item.trigger, vc),
  }, glyph ? icon(glyph) : image ?? name);
}

/** A tooltip naming what an element triggers. */
export function describeTrigger(trigger) {
  if (!trigger) return 'Triggers nothing in the storyboard (an action in code the sources did not give)';
  if (trigger.kind === 'unwind') return `Unwind ${trigger.identifier ?? trigger.action ?? ''}`.trim();
  return `${trigger.kind} segue ${trigger.identifier ?? trigger.id ?? ''}`.trim();
}
