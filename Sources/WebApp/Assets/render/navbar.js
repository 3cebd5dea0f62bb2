// The navigation bar of a navigation controller: back button (titled after the previous screen),
// the left and right bar button items of the top screen, its prompt, and its title as a heading.
import {h, icon} from './dom.js';
import {barButton} from './baritems.js';
import {sceneUI, titleOf} from './scenes.js';

const CHEVRON = ['M15 4l-8 8 8 8'];

/** `navigation` is the navigation controller's node; `top` and `previous` its last two children. */
export function navigationBar(navigation, top, previous, context) {
  const item = sceneUI(context, top).navigationItem ?? {};
  const leftItems = item.leftItems ?? [];
  const rightItems = item.rightItems ?? [];
  const title = titleOf(context, top);
  const left = h('div.bar-side.left');
  // A left bar button item replaces the back button (leftItemsSupplementBackButton is off by default).
  if (previous && !leftItems.length) {
    const previousItem = sceneUI(context, previous).navigationItem ?? {};
    const backTitle = previousItem.backButtonTitle ?? titleOf(context, previous) ?? 'Back';
    left.append(h('button.back-button', {
      type: 'button',
      title: 'Back (pops the navigation stack)',
      onclick: () => context.act.back(navigation),
    }, icon(CHEVRON, 'icon chevron'), h('span', {}, backTitle)));
  }
  for (const barItem of leftItems) left.append(barButton(barItem, top, context));
  const right = h('div.bar-side.right');
  for (const barItem of rightItems) right.append(barButton(barItem, top, context));
  return h('div.navigation-bar', {},
    item.prompt ? h('div.prompt', {}, item.prompt) : null,
    h('div.bar-row', {}, left, h('h2.nav-title', {}, title ?? ''), right));
}

/** The toolbar of the top screen, when it has toolbar items. */
export function toolbar(top, context) {
  const items = sceneUI(context, top).toolbarItems ?? [];
  if (!items.length) return null;
  return h('div.toolbar', {role: 'toolbar'}, items.map(item => barButton(item, top, context)));
}
