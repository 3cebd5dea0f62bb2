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
    const label = h('span', {}, backTitle);
    const button = h('button.back-button', {
      type: 'button',
      title: 'Back (pops the navigation stack)',
      onclick: () => context.act.back(navigation),
    }, icon(CHEVRON, 'icon chevron'), label);
    left.append(button);
    fitBackTitle(left, button, label, backTitle);
  }
  for (const barItem of leftItems) left.append(barButton(barItem, top, context));
  const right = h('div.bar-side.right');
  for (const barItem of rightItems) right.append(barButton(barItem, top, context));
  return h('div.navigation-bar', {},
    item.prompt ? h('div.prompt', {}, item.prompt) : null,
    h('div.bar-row', {}, left, h('h2.nav-title', {}, title ?? ''), right));
}

/** UIKit's back button shows the previous screen's title when it fits beside the title, else
 * "Back", else the chevron alone (UINavigationBar's back button title fallback; an explicit
 * `backButtonTitle` is shortened the same way). Measured once the bar is laid out, and again when
 * its width changes. */
function fitBackTitle(side, button, label, title) {
  // The back button fits when its side is no wider than half of what the whole title leaves.
  const fits = () => {
    const row = side.parentElement;
    const heading = row?.querySelector('.nav-title');
    // Not laid out yet (a window in the background): the full title until it is measured.
    if (!row || !side.isConnected || !row.clientWidth) return true;
    // What the side's buttons take (the side itself is at least its share of the bar).
    const items = [...side.children];
    const needed = items.reduce((sum, item) => sum + item.getBoundingClientRect().width, 0) + 4 * Math.max(0, items.length - 1);
    return needed <= (row.clientWidth - (heading?.scrollWidth ?? 0)) / 2 + 0.5;
  };
  let rowObserved = false;
  const observer = new ResizeObserver(() => {
    // A bar replaced by the next redraw stops being measured.
    if (!side.isConnected) return observer.disconnect();
    // The bar's width too (the side is built before it is placed in the bar).
    if (!rowObserved && side.parentElement) { observer.observe(side.parentElement); rowObserved = true; }
    fit();
  });
  const fit = () => {
    for (const candidate of [title, 'Back', '']) {
      label.textContent = candidate;
      label.hidden = !candidate;
      if (fits()) break;
    }
    side.dataset.backTitle = label.textContent;
    // The chevron alone is still read out as VoiceOver reads it.
    if (label.textContent) button.removeAttribute('aria-label');
    else button.setAttribute('aria-label', 'Back');
  };
  observer.observe(side);
  // Also once the bar is in place, in case no resize is reported (a window in the background).
  setTimeout(() => { if (side.isConnected) fit(); }, 0);
}

/** The toolbar of the top screen, when it has toolbar items. */
export function toolbar(top, context) {
  const items = sceneUI(context, top).toolbarItems ?? [];
  if (!items.length) return null;
  return h('div.toolbar', {role: 'toolbar'}, items.map(item => barButton(item, top, context)));
}
