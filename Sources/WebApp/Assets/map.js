// The storyboard as a map: one box per scene, laid out in columns by distance from the initial scene
// (breadth-first over containment and segues), an edge per relationship and per segue, styled by
// kind, and the scenes that have instances on screen highlighted. It draws only what it is handed
// (the storyboard document of GET /v1/storyboards/{id} and the stack of GET …/stack): no network.

const SVG = 'http://www.w3.org/2000/svg';
const BOX = {width: 168, height: 46, columnGap: 84, rowGap: 22, margin: 24, bandGap: 30};
// Kinds drawn alike share a style: what a person tells apart on the map is how a screen arrives.
const EDGE_STYLE = {
  show: 'push', push: 'push', showDetail: 'push', replace: 'push',
  presentation: 'modal', modal: 'modal',
  popoverPresentation: 'popover', popover: 'popover',
  unwind: 'unwind', embed: 'embed', custom: 'custom', relationship: 'relationship',
};
export const EDGE_STYLES = ['push', 'modal', 'popover', 'unwind', 'embed', 'custom', 'relationship'];
const LEGEND_HEIGHT = 34;
const STYLE_NAMES = {push: 'show / push', modal: 'present / modal', popover: 'popover', unwind: 'unwind',
  embed: 'embed', custom: 'custom', relationship: 'contains'};
// Beyond this many edges the identifiers on them would cover the map: they stay in the tooltips.
const MAX_LABELLED_EDGES = 40;

/** Draws `storyboardDocument` into `container` (its content is replaced); answers the SVG element. */
export function renderMap(container, storyboardDocument, stackDocument) {
  const storyboard = storyboardDocument?.storyboard ?? storyboardDocument ?? {};
  const scenes = storyboard.scenes ?? {};
  const edges = collectEdges(scenes, storyboard.classes ?? {});
  const positions = layout(storyboard.initialScene, scenes, edges);
  const onScreen = scenesOnScreen(stackDocument);
  const svg = element('svg', {class: 'map', role: 'group',
    'aria-label': `Storyboard map: ${Object.keys(scenes).length} scenes, ${edges.length} connections`});
  svg.append(markers());
  const size = extent(positions);
  size.height += LEGEND_HEIGHT;
  svg.setAttribute('width', Math.max(size.width, 560));
  svg.setAttribute('height', size.height);
  svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  const edgeLayer = element('g', {class: 'map-edges'});
  const labelled = edges.length <= MAX_LABELLED_EDGES;
  for (const edge of edges) edgeLayer.append(drawEdge(edge, positions, labelled));
  const sceneLayer = element('g', {class: 'map-scenes'});
  for (const [id, scene] of Object.entries(scenes)) {
    sceneLayer.append(drawScene(id, scene, positions.get(id), onScreen, id === storyboard.initialScene));
  }
  svg.append(edgeLayer, sceneLayer, legend(edges, size.height - LEGEND_HEIGHT + 8));
  const unreached = [...positions.values()].filter(position => position.band === 1);
  if (unreached.length) {
    svg.append(text('text', 'Not reached from the initial scene by segues (app code, other storyboards):',
      {class: 'map-band-label', x: BOX.margin, y: Math.min(...unreached.map(position => position.y)) - 9}));
  }
  container.replaceChildren(svg);
  return svg;
}

/** Every connection to draw: containment first (a container's children), then the scenes' segues. */
export function collectEdges(scenes, classes) {
  const edges = [];
  for (const [id, scene] of Object.entries(scenes)) {
    const contained = [['root', scene.root], ['primary', scene.primary], ['supplementary', scene.supplementary],
      ['secondary', scene.secondary], ['compact', scene.compact],
      ...(scene.tabs ?? []).map((tab, index) => [`tab ${index + 1}`, tab])];
    for (const [role, child] of contained) {
      if (child) edges.push({from: id, to: child, kind: 'relationship', style: 'relationship', label: role});
    }
    for (const segue of scene.segues ?? []) {
      const style = EDGE_STYLE[segue.kind] ?? 'custom';
      const label = segue.identifier ?? (segue.kind === 'unwind' ? segue.action : null) ?? '';
      if (segue.kind !== 'unwind') {
        edges.push({from: id, to: segue.destination ?? null, kind: segue.kind, style, label, segue});
        continue;
      }
      // An unwind has no destination scene: UIKit searches at run time. The map points at the scenes
      // that implement its action, or at an exit stub when none is known.
      const implementers = implementersOf(segue.action, scenes, classes).filter(other => other !== id);
      if (implementers.length === 0) edges.push({from: id, to: null, kind: 'unwind', style, label, segue});
      for (const to of implementers) edges.push({from: id, to, kind: 'unwind', style, label, segue});
    }
  }
  return edges;
}

function implementersOf(action, scenes, classes) {
  const classImplements = (name, seen = new Set()) => {
    if (!name || seen.has(name)) return false;
    seen.add(name);
    const facts = classes[name];
    return Boolean(facts && ((facts.unwindActions ?? []).includes(action) || classImplements(facts.superclass, seen)));
  };
  return Object.entries(scenes)
    .filter(([, scene]) => (scene.unwindActions ?? []).includes(action) || classImplements(scene.class))
    .map(([id]) => id);
}

/** Columns by breadth-first depth from the initial scene, rows in the order the walk meets them.
 * Scenes it does not reach (reached only from code, or another storyboard's) form a second band
 * below, each group walked from its roots (scenes nothing leads to) from the first column on, so
 * that the map grows down rather than sideways. */
export function layout(initialScene, scenes, edges) {
  const ids = Object.keys(scenes);
  const next = new Map(ids.map(id => [id, []]));
  const led = new Set();
  for (const edge of edges) {
    if (!edge.to || !next.has(edge.from) || !next.has(edge.to) || edge.style === 'unwind') continue;
    next.get(edge.from).push(edge.to);
    if (edge.to !== edge.from) led.add(edge.to);
  }
  const depth = new Map();
  const bands = [[], []];
  const walk = (start, band) => {
    depth.set(start, 0);
    const queue = [start];
    while (queue.length) {
      const id = queue.shift();
      bands[band].push(id);
      for (const to of next.get(id)) {
        if (!depth.has(to)) { depth.set(to, depth.get(id) + 1); queue.push(to); }
      }
    }
  };
  if (initialScene && next.has(initialScene)) walk(initialScene, 0);
  for (const id of [...ids.filter(id => !led.has(id)), ...ids]) if (!depth.has(id)) walk(id, 1);
  const positions = new Map();
  let top = BOX.margin;
  for (const band of bands) {
    const rows = new Map();
    for (const id of band) {
      const column = depth.get(id);
      const row = rows.get(column) ?? 0;
      rows.set(column, row + 1);
      positions.set(id, {x: BOX.margin + column * (BOX.width + BOX.columnGap),
        y: top + row * (BOX.height + BOX.rowGap), band: bands.indexOf(band)});
    }
    if (rows.size) top += Math.max(...rows.values()) * (BOX.height + BOX.rowGap) + BOX.bandGap;
  }
  return positions;
}

function extent(positions) {
  let width = 0, height = 0;
  for (const {x, y} of positions.values()) {
    width = Math.max(width, x + BOX.width);
    height = Math.max(height, y + BOX.height);
  }
  // Room on the right and below for exit stubs and loops.
  return {width: width + BOX.margin + 40, height: height + BOX.margin + 30};
}

/** Scenes with an instance in the stack's layers, and which of them the user sees (the visible path). */
export function scenesOnScreen(stackDocument) {
  const instances = new Map();
  const visit = node => {
    if (!node || typeof node !== 'object') return;
    instances.set(node.id, node);
    for (const child of node.children ?? []) visit(child);
  };
  for (const layer of stackDocument?.layers ?? []) visit(layer.root);
  const onPath = new Set(stackDocument?.path ?? []);
  const scenes = new Map();
  for (const node of instances.values()) {
    if (!node.scene) continue;
    const entry = scenes.get(node.scene) ?? {count: 0, onPath: false, visible: false, appeared: false};
    entry.count += 1;
    entry.onPath ||= onPath.has(node.id);
    entry.visible ||= node.id === stackDocument.visible;
    entry.appeared ||= node.appearance === 'appeared';
    scenes.set(node.scene, entry);
  }
  return scenes;
}

/** The name a person knows the scene by: its navigation title, its title, its class, its id. */
export function sceneName(id, scene) {
  return scene.ui?.navigationItem?.title ?? scene.title ?? scene.ui?.tabBarItem?.title ?? scene.class ?? id;
}

function drawScene(id, scene, position, onScreen, initial) {
  const state = onScreen.get(id);
  const classes = ['map-scene'];
  if (state) classes.push('map-scene--instantiated');
  if (state?.onPath || state?.appeared) classes.push('map-scene--on-screen');
  if (state?.visible) classes.push('map-scene--visible');
  if (initial) classes.push('map-scene--initial');
  const name = sceneName(id, scene);
  const kind = scene.kind ?? 'viewController';
  const group = element('g', {class: classes.join(' '), 'data-scene': id,
    transform: `translate(${position.x} ${position.y})`});
  const description = [name, kind, scene.class, state ? `${state.count} instance${state.count > 1 ? 's' : ''}` +
    (state.visible ? ', visible' : state.onPath || state.appeared ? ', on screen' : '') : null,
  initial ? 'initial scene' : null].filter(Boolean).join(' · ');
  group.append(text('title', description));
  group.append(element('rect', {class: 'map-scene-box', width: BOX.width, height: BOX.height, rx: 7}));
  group.append(text('text', clip(name, 24), {class: 'map-scene-name', x: 10, y: 19}));
  group.append(text('text', clip(scene.class && scene.class !== name ? scene.class : kind, 28),
    {class: 'map-scene-kind', x: 10, y: 36}));
  if (state && state.count > 1) {
    group.append(text('text', `×${state.count}`, {class: 'map-scene-count', x: BOX.width - 8, y: 19,
      'text-anchor': 'end'}));
  }
  if (initial) group.append(element('path', {class: 'map-initial-arrow', d: `M -20 ${BOX.height / 2} h 16`,
    'marker-end': 'url(#map-arrow-relationship)'}));
  return group;
}

function drawEdge(edge, positions, labelled) {
  const from = positions.get(edge.from);
  const to = edge.to ? positions.get(edge.to) : null;
  const group = element('g', {class: `map-edge map-edge--${edge.style}`, 'data-kind': edge.kind,
    'data-from': edge.from, 'data-to': edge.to ?? ''});
  group.append(text('title', `${edge.kind}${edge.label ? ` ${edge.label}` : ''}: ${edge.from} → ${edge.to ?? 'exit'}`));
  let d, labelAt;
  if (!to) {
    // No scene on the map: a stub out of the box's lower right (an exit or another storyboard).
    const x = from.x + BOX.width, y = from.y + BOX.height - 8;
    d = `M ${x} ${y} h 26`;
    group.append(element('circle', {class: 'map-exit', cx: x + 31, cy: y, r: 5}));
    labelAt = {x: x + 4, y: y + 14};
  } else if (edge.from === edge.to) {
    const x = from.x + BOX.width - 30, y = from.y;
    d = `M ${x} ${y} c 0 -26, 40 -26, 30 ${BOX.height / 2 - 6}`;
    labelAt = {x: x + 10, y: y - 20};
  } else if (to.x > from.x) {
    // Forward: out of the right side, into the left side.
    const x1 = from.x + BOX.width, y1 = from.y + BOX.height / 2, x2 = to.x, y2 = to.y + BOX.height / 2;
    const bend = Math.max(30, (x2 - x1) / 2);
    d = `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
    labelAt = {x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4};
  } else if (to.x === from.x) {
    // The same column: out of the right side and back into it, bulging into the gap.
    const x = from.x + BOX.width, y1 = from.y + BOX.height / 2 + 6, y2 = to.y + BOX.height / 2 - 6;
    const bulge = Math.min(BOX.columnGap - 14, 24 + Math.abs(y2 - y1) / 6);
    d = `M ${x} ${y1} C ${x + bulge} ${y1}, ${x + bulge} ${y2}, ${x + 2} ${y2}`;
    labelAt = {x: x + 6, y: (y1 + y2) / 2};
  } else {
    // Backward (an unwind, mostly): from the top of the source, arching over, down into the top of
    // the destination (or up from below, when the destination is lower).
    const above = to.y <= from.y;
    const x1 = from.x + BOX.width / 2, x2 = to.x + BOX.width / 2 + 12;
    const y1 = above ? from.y : from.y + BOX.height, y2 = above ? to.y : to.y + BOX.height;
    const arch = (above ? -1 : 1) * (14 + Math.min(40, (x1 - x2) / 12));
    const peak = Math.max(4, above ? Math.min(y1, y2) + arch : Math.max(y1, y2) + arch);
    d = `M ${x1} ${y1} C ${x1} ${peak}, ${x2} ${peak}, ${x2} ${y2}`;
    labelAt = {x: (x1 + x2) / 2, y: peak + (above ? 8 : -2)};
  }
  group.append(element('path', {class: 'map-edge-line', d, fill: 'none',
    'marker-end': `url(#map-arrow-${edge.style})`}));
  if (labelled && edge.label) {
    group.append(text('text', clip(edge.label, 18), {class: 'map-edge-label', x: labelAt.x, y: labelAt.y,
      'text-anchor': to && to.x !== from.x ? 'middle' : 'start'}));
  }
  return group;
}

/** A key of the edge styles the map uses, along its bottom. */
function legend(edges, top) {
  const group = element('g', {class: 'map-legend', transform: `translate(${BOX.margin} ${top})`});
  const used = EDGE_STYLES.filter(style => edges.some(edge => edge.style === style));
  let x = 0;
  for (const style of used) {
    const entry = element('g', {class: `map-edge map-edge--${style}`, transform: `translate(${x} 0)`});
    entry.append(element('path', {class: 'map-edge-line', d: 'M 0 8 h 26', 'marker-end': `url(#map-arrow-${style})`}));
    entry.append(text('text', STYLE_NAMES[style], {class: 'map-legend-label', x: 32, y: 12}));
    group.append(entry);
    x += 40 + STYLE_NAMES[style].length * 6.5;
  }
  return group;
}

function markers() {
  const defs = element('defs');
  for (const style of EDGE_STYLES) {
    const marker = element('marker', {id: `map-arrow-${style}`, class: `map-arrow map-arrow--${style}`,
      viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerHeight: 9, markerUnits: 'userSpaceOnUse',
      orient: 'auto-start-reverse'});
    marker.append(element('path', {d: 'M 0 0 L 10 5 L 0 10 z'}));
    defs.append(marker);
  }
  return defs;
}

function clip(value, length) {
  const string = String(value);
  return string.length > length ? `${string.slice(0, length - 1)}…` : string;
}

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

function text(name, content, attributes = {}) {
  const node = element(name, attributes);
  node.textContent = content;
  return node;
}
