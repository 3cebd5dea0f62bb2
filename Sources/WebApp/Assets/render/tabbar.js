// The tab bar of a tab bar controller: one button per child, named by its tab bar item (title, or
// the system item's name), the selected one highlighted; tapping one selects it as a user would.
import {h, icon} from './dom.js';
import {GENERIC_TAB_GLYPH, TAB_GLYPHS, TAB_ITEM_NAMES} from './system-items.js';
import {sceneUI, titleOf} from './scenes.js';
import {imageGlyph, imageName, imageView} from './images.js';

export function tabBar(tabBarNode, context) {
  const children = tabBarNode.children ?? [];
  return h('nav.tab-bar', {'aria-label': 'Tab bar'}, children.map((child, index) => {
    const item = sceneUI(context, child).tabBarItem ?? {};
    // An empty title (Interface Builder writes title="" for an image-only tab) is none: the tab
    // shows its image, else "Tab N".
    const title = item.title || TAB_ITEM_NAMES[item.systemItem] || titleOf(context, child) || null;
    const glyph = imageGlyph(item.image);
    const name = title ?? imageName(item.image) ?? `Tab ${index + 1}`;
    const shown = title ?? (item.image && glyph ? '' : name);
    const selected = index === tabBarNode.selectedIndex;
    const badgeId = `badge-${tabBarNode.id}-${index}`;
    return h(`button.tab-item${selected ? '.selected' : ''}`, {
      type: 'button',
      'aria-label': name,
      'aria-current': selected ? 'page' : null,
      'aria-describedby': item.badge ? badgeId : null,
      onclick: () => context.act.selectTab(tabBarNode, index),
    },
    h('span.tab-icon', {}, glyph ? imageView(item.image) : icon(TAB_GLYPHS[item.systemItem] ?? GENERIC_TAB_GLYPH),
      item.badge ? h('span.badge', {id: badgeId}, item.badge) : null),
    h('span.tab-title', {'aria-hidden': 'true'}, shown));
  }));
}
