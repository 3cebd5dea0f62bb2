// Placeholder until the storyboard map (branch wt-webtest) lands: it replaces this file. Lists the
// scenes, the ones with instances on screen marked, so that the panel is not empty meanwhile.

export function renderMap(container, storyboardDocument, stackDocument) {
  const scenes = storyboardDocument?.storyboard?.scenes ?? {};
  const onScreen = new Set();
  const visit = node => { onScreen.add(node.scene); (node.children ?? []).forEach(visit); };
  (stackDocument?.layers ?? []).forEach(layer => visit(layer.root));
  const list = document.createElement('ul');
  list.className = 'map-placeholder';
  for (const [id, scene] of Object.entries(scenes)) {
    const item = document.createElement('li');
    item.textContent = `${scene.title ?? id} (${scene.kind ?? 'viewController'})`;
    if (onScreen.has(id)) item.className = 'on-screen';
    list.append(item);
  }
  container.replaceChildren(list);
}
