// One instance of the stack drawn as UIKit shows it: a navigation controller as its bar over its top
// screen, a tab bar controller as its selected tab over the tab bar, a split view as columns (or
// its collapsed column), a content controller as its controls and any embedded children. Only what
// is on screen is drawn: other tabs and covered stack entries are not.
import {h} from './dom.js';
import {navigationBar, toolbar} from './navbar.js';
import {tabBar} from './tabbar.js';
import {controls} from './controls.js';
import {sceneUI, titleOf} from './scenes.js';
import {drawMissing} from './missing.js';

/** `inNavigation`: a navigation controller draws this screen's bar, so it shows no title of its own. */
export function drawController(node, context, inNavigation = false) {
  switch (node.kind) {
    case 'navigationController': return drawNavigation(node, context);
    case 'tabBarController': return drawTabs(node, context);
    case 'splitViewController': return drawSplit(node, context);
    default: return drawContent(node, context, inNavigation);
  }
}

function child(node, id) {
  return (node.children ?? []).find(candidate => candidate.id === id) ?? null;
}

function drawNavigation(node, context) {
  const stack = node.stack ?? (node.children ?? []).map(entry => entry.id);
  const top = child(node, stack.at(-1));
  const previous = stack.length > 1 ? child(node, stack.at(-2)) : null;
  const frame = h('div.vc.navigation', {dataset: {vc: node.id, scene: node.scene}});
  if (!top) return frame;
  const bar = toolbar(top, context);
  const content = h('div.navigation-content', {}, drawController(top, context, true));
  // A swipe back in progress (the stack's `transition`, spec §5.12): the revealed screen, still in
  // the stack under the top, is drawn beneath it, a third of the way out to the left, as iOS's
  // parallax shows it; gestures.js slides both with the finger.
  const swipe = context.transition;
  if (swipe?.kind === 'interactivePop' && swipe.container === node.id && previous) {
    const revealed = h('div.revealed', {'aria-hidden': 'true', dataset: {revealed: previous.id}}, drawController(previous, context, true));
    revealed.inert = true;
    content.classList.add('swiping');
    content.prepend(revealed);
  }
  frame.append(navigationBar(node, top, previous, context), content);
  if (bar) frame.append(bar);
  return frame;
}

function drawTabs(node, context) {
  const selected = (node.children ?? [])[node.selectedIndex ?? 0];
  return h('div.vc.tabs', {dataset: {vc: node.id, scene: node.scene}},
    h('div.tab-content', {}, selected ? drawController(selected, context) : null),
    tabBar(node, context));
}

function drawSplit(node, context) {
  const columns = node.columns ?? {};
  if (node.collapsed) {
    const shown = child(node, columns.compact) ?? child(node, columns.primary) ?? (node.children ?? [])[0];
    return h('div.vc.split.collapsed', {dataset: {vc: node.id, scene: node.scene}},
      shown ? drawController(shown, context) : null);
  }
  const column = (role, id) => {
    const entry = child(node, id);
    return entry ? h(`div.split-column.${role}`, {'aria-label': `${role} column`, role: 'region'}, drawController(entry, context)) : null;
  };
  return h('div.vc.split', {dataset: {vc: node.id, scene: node.scene}},
    column('primary', columns.primary), column('supplementary', columns.supplementary),
    column('secondary', columns.secondary));
}

function drawContent(node, context, inNavigation) {
  const ui = sceneUI(context, node);
  const title = titleOf(context, node);
  const body = h(`div.vc.content.${node.kind}`, {dataset: {vc: node.id, scene: node.scene}});
  if (!inNavigation && title) body.append(h('h2.large-title', {}, title));
  const drawn = controls(ui.controls, node, context);
  body.append(...drawn);
  const missing = context.scenes[node.scene]?.missingReference;
  if (missing) body.append(drawMissing(missing, context));
  else if (!drawn.length && !(node.children ?? []).length) {
    body.append(h('p.empty-scene', {}, context.scenes[node.scene]?.class ?? node.class));
  }
  // Container views: their embedded children are on screen inside this one.
  for (const embedded of node.children ?? []) {
    body.append(h('div.embedded', {}, drawController(embedded, context)));
  }
  return body;
}
