// A bar button item (navigation bar or toolbar) as a button: its title, or the system item as iOS
// draws it (a word or a glyph) with the name VoiceOver reads.
import {h, icon} from './dom.js';
import {BAR_ITEM_NAMES, BOLD_ITEMS, GLYPHS, WORD_ITEMS} from './system-items.js';

export function barItemName(item) {
  return item.title ?? BAR_ITEM_NAMES[item.systemItem] ?? item.systemItem ?? 'Item';
}

/** The button for `item` of the instance `vc`; null for spaces. */
export function barButton(item, vc, context) {
  if (item.systemItem === 'flexibleSpace') return h('span.bar-flexible-space', {'aria-hidden': 'true'});
  if (item.systemItem === 'fixedSpace') return h('span.bar-fixed-space', {'aria-hidden': 'true'});
  const name = barItemName(item);
  const system = item.systemItem;
  const glyph = !item.title && system && !WORD_ITEMS.has(system) ? GLYPHS[system] : null;
  return h(`button.bar-button${BOLD_ITEMS.has(system) ? '.bold' : ''}${glyph ? '.glyph' : ''}`, {
    type: 'button',
    'aria-label': glyph ? name : null,
    title: describeTrigger(item.trigger),
    disabled: !item.trigger,
    onclick: () => context.act.trigger(item.trigger, vc),
  }, glyph ? icon(glyph) : name);
}

/** A tooltip naming what an element triggers. */
export function describeTrigger(trigger) {
  if (!trigger) return 'Triggers nothing in the storyboard (an action in code)';
  if (trigger.kind === 'unwind') return `Unwind ${trigger.identifier ?? trigger.action ?? ''}`.trim();
  return `${trigger.kind} segue ${trigger.identifier ?? trigger.id ?? ''}`.trim();
}
