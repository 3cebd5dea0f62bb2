// Reading the storyboard document and the stack document together: an instance's scene, its
// scene UI (CONTRACTS §1) and the title iOS would show for it.
import {barItemName} from './baritems.js';
import {controlLabel} from './controls.js';

/** The scene UI of the instance `node`, or an empty one. */
export function sceneUI(context, node) {
  return context.scenes[node?.scene]?.ui ?? {};
}

/** The navigation title: the node's title (the stack carries it), else the scene's navigation item
 * title, else the scene's title. */
export function titleOf(context, node) {
  if (!node) return null;
  const scene = context.scenes[node.scene];
  return node.title ?? scene?.ui?.navigationItem?.title ?? scene?.title ?? null;
}

/** Every node of a stack document by id (layers' trees flattened). */
export function indexNodes(stack) {
  const nodes = new Map();
  const visit = node => {
    nodes.set(node.id, node);
    for (const child of node.children ?? []) visit(child);
  };
  for (const layer of stack?.layers ?? []) visit(layer.root);
  return nodes;
}

/** The label of the control or bar item whose trigger is the segue with storyboard id `id` (IB gives
 * a segue one trigger), looked for in `sceneId` first, then in every scene; null when no element
 * triggers it (a segue from the controller, performed by code). */
export function triggerLabel(scenes, id, sceneId = null) {
  const candidates = [scenes?.[sceneId], ...Object.values(scenes ?? {})];
  for (const scene of candidates) {
    const ui = scene?.ui;
    if (!ui) continue;
    const bars = [...(ui.navigationItem?.leftItems ?? []), ...(ui.navigationItem?.rightItems ?? []), ...(ui.toolbarItems ?? [])];
    const bar = bars.find(item => item.trigger?.id === id);
    if (bar) return barItemName(bar);
    const control = (ui.controls ?? []).find(item => item.trigger?.id === id);
    if (control) return controlLabel(control);
    // A cell's accessory (a button in the cell's row) is named by its title, else by the cell.
    const cell = (ui.controls ?? []).find(item => item.accessory?.trigger?.id === id);
    if (cell) return cell.accessory.text || controlLabel(cell);
  }
  return null;
}
