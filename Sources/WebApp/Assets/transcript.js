// The transcript beside the screen: every callback the session's log holds, grouped by the
// operation that caused it (from the stream's operation messages, live or replayed for operations
// before the page connected, or an operation's own answer), an unwind's search drawn as a tree,
// filters by kind of callback. Each callback entry carries its sequence number as data-seq.
import {h} from './render/dom.js';
import {triggerLabel} from './render/scenes.js';
import {KINDS, kindOf} from './callback-kinds.js';
import {drawSearchTree} from './unwind-tree.js';
import {nestGestures} from './gesture-groups.js';

export class Transcript {
  /** `scenes`: the storyboard's scenes by id (filled in when the storyboard arrives), to name a
   * segue without an identifier by the control that triggers it. */
  constructor(container, filtersContainer, scenes = {}) {
    this.container = container;
    this.scenes = scenes;
    this.events = new Map();      // seq → event
    this.operations = new Map();  // "first-last" → operation message
    this.hiddenKinds = new Set();
    this.scheduled = false;
    this.drawFilters(filtersContainer);
  }

  clear() {
    this.events.clear();
    this.operations.clear();
    this.schedule();
  }

  addEvent(event) {
    if (typeof event?.seq !== 'number' || this.events.has(event.seq)) return;
    this.events.set(event.seq, event);
    this.schedule();
  }

  /** An operation (a stream message, or an operation's answer with `operation` added). The same
   * operation arriving both ways is kept once. */
  addOperation(operation) {
    for (const event of operation.events ?? []) this.addEvent(event);
    const first = operation.firstSeq ?? operation.events?.[0]?.seq ?? null;
    const last = operation.lastSeq ?? operation.events?.at(-1)?.seq ?? null;
    if (first === null) return;
    const key = `${first}-${last}`;
    const known = this.operations.get(key);
    if (known) {
      // The stream's message does not say which action it was; the answer to this page's request does.
      known.action ??= operation.action ?? null;
      known.via ??= operation.via ?? null;
      known.step ??= operation.step ?? null;
      known.tap ??= operation.tap ?? null;
      this.schedule();
      return;
    }
    this.operations.set(key, {...operation, firstSeq: first, lastSeq: last, events: undefined});
    this.schedule();
  }

  drawFilters(container) {
    const kinds = [...Object.keys(KINDS), 'other'];
    container.replaceChildren(...kinds.map(kind => h('label.filter', {},
      h('input', {type: 'checkbox', checked: true, onchange: event => {
        if (event.target.checked) this.hiddenKinds.delete(kind); else this.hiddenKinds.add(kind);
        this.container.classList.toggle(`hide-${kind}`, !event.target.checked);
      }}),
      h(`span.kind-dot.kind-${kind}`, {'aria-hidden': 'true'}), kind)));
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.draw();
    });
  }

  /** Groups: runs of events inside one operation's range, and runs outside any (callbacks whose
   * operation the page was never told of: the daemon no longer remembers it, or has no stream). */
  groups() {
    const operations = [...this.operations.values()].sort((a, b) => a.firstSeq - b.firstSeq);
    const groups = [];
    let current = null;
    for (const seq of [...this.events.keys()].sort((a, b) => a - b)) {
      const operation = operations.find(candidate => seq >= candidate.firstSeq && seq <= candidate.lastSeq) ?? null;
      if (!current || current.operation !== operation) {
        current = {operation, events: []};
        groups.push(current);
      }
      current.events.push(this.events.get(seq));
    }
    return groups;
  }

  draw() {
    const atBottom = this.container.scrollHeight - this.container.scrollTop - this.container.clientHeight < 40;
    this.container.replaceChildren(...nestGestures(this.groups().map(group => [group, drawGroup(group, this.scenes)])));
    if (atBottom) this.container.scrollTop = this.container.scrollHeight;
  }
}

function drawGroup({operation, events}, scenes) {
  const first = events[0].seq;
  const last = events.at(-1).seq;
  const header = operation
    ? h('header.group-head', {},
      h('span.op-kind', {}, operation.tap ? 'tap' : operation.operation ?? 'operation'), ' ',
      h('span.op-name', {title: operation.step ?? ''}, describe(operation, scenes, events)),
      operation.tap ? drawTapSource(operation.tap) : null,
      operation.performed === false ? h('span.not-performed', {}, ` not performed${operation.reason ? `: ${operation.reason}` : ''}`) : null,
      h('span.op-range', {}, operation.revision ? ` · revision ${operation.revision}` : ''))
    : h('header.group-head.unattributed', {},
      h('span.op-kind', {}, first === 1 ? 'launch' : 'earlier'),
      h('span.op-range', {}, ` · seq ${first}–${last}`));
  return h('section.op-group', {},
    header,
    operation?.search?.length ? drawSearchTree(operation.search, operation.destination) : null,
    h('ol.callbacks', {}, events.map(event => drawEvent(event, operation, scenes))));
}

/** A tap of a control whose action method the daemon performed: ` · EditViewController.swift:42`
 * (the file and line of the method; its path in the title) and the condition chosen. A tap that
 * performed a segue has no source (the storyboard wires it). */
function drawTapSource(tap) {
  if (!tap.source) return null;
  const file = String(tap.source).split('/').at(-1);
  return h('span.op-source', {title: `${tap.selector ?? ''} in ${tap.source}`},
    ` · ${file}`, tap.when ? h('span.op-when', {}, ` · when ${tap.when}`) : null);
}

function describe(operation, scenes, events) {
  if (operation.tap && (operation.tap.source || !operation.segue)) {
    // The control as the tap named it (this window's label, or the step line's `tap "Cancel"`, the
    // same in every window), else as the daemon's scene reading names it (`cancel`, a system item).
    const label = operation.via?.label ?? tappedLabel(operation.step) ?? operation.tap.control;
    return `${label}${operation.destination ? ` → ${operation.destination}` : ''}`;
  }
  const segue = operation.segue;
  if (segue) {
    // The source's scene, from its callbacks (each carries its scene).
    const sourceScene = events.find(event => event.vc === segue.source)?.scene ?? null;
    const name = segue.identifier ?? segue.action ?? segueName(segue, operation, scenes, sourceScene) ?? 'without identifier';
    return `${name} (${segue.kind})${operation.destination ? ` → ${operation.destination}` : ''}`;
  }
  return operation.step ? stepName(operation.step) : operation.action ?? '';
}

/** The label of a tap's step line (`tap "Cancel" #2 …`, a JSON string), or null. */
function tappedLabel(step) {
  const quoted = /^tap ("(?:[^"\\]|\\.)*")/.exec(step ?? '')?.[1];
  if (!quoted) return null;
  try { return JSON.parse(quoted); } catch { return null; }
}

/** `selectTab 1 user tabBar=vc2` → `selectTab 1 user`: the daemon's step line (docs/flows.md)
 * up to its options (the writer puts them last), which name instances and defaults a reader does not need in a header (the
 * whole line is the header's title). */
function stepName(step) {
  const words = step.split(' ');
  const options = words.findIndex(word => word.includes('='));
  return (options < 0 ? words : words.slice(0, options)).join(' ');
}

/** A segue without an identifier (IB lets it have none), named as a person saw it: by the label
 * tapped when this window tapped it, else by the label of the control that triggers it in the
 * storyboard (so that a window watching another's tap says the same), with its storyboard id (the
 * API's name for it); by the id alone when nothing in the scene triggers it. */
function segueName(segue, operation, scenes, sourceScene) {
  const via = sameSegue(segue, operation?.segue) ? operation?.via : null;
  const id = segue?.id ?? via?.id ?? null;
  const label = via?.label ?? (id ? triggerLabel(scenes, id, sourceScene) : null);
  if (label) return `“${label}”${id ? ` (id ${id})` : ''}`;
  return id ? `id ${id}` : null;
}

function sameSegue(a, b) {
  return Boolean(a && b) && a.kind === b.kind && a.source === b.source && a.destination === b.destination && a.id === b.id;
}

function drawEvent(event, operation, scenes) {
  const kind = kindOf(event.method);
  const args = event.args && Object.keys(event.args).length ? summarize(event, operation, scenes) : '';
  const hasResult = Object.hasOwn(event, 'result');
  return h(`li.callback.kind-${kind}`, {dataset: {seq: event.seq, kind}},
    h('span.seq', {}, String(event.seq)),
    h('span.receiver', {title: `${event.vc} ${event.class ?? ''} (scene ${event.scene})`}, ...drawReceiver(event)),
    h('span.what', {},
      h('span.method', {}, event.method),
      args ? h('span.args', {}, ` ${args}`) : null,
      hasResult ? h('span.result', {}, ` → ${JSON.stringify(event.result)}`) : null));
}

/** `vc3 QuestionViewController`, the scene id after it, secondary (an IB id or a number says little
 * to a reader; the class says what it is). Without a class, the scene names it. */
function drawReceiver(event) {
  if (!event.class) return [`${event.vc} `, h('span.receiver-class', {}, event.scene ?? '')];
  return [`${event.vc} `, h('span.receiver-class', {}, ...wordsOf(event.class)),
    event.scene ? h('span.receiver-scene', {}, ` ${event.scene}`) : null];
}

/** A class name with a line-break opportunity before each word of its camel case
 * (`TextField·View·Controller`, and after a module's dot), so that a narrow column wraps it between
 * words, never inside one. */
function wordsOf(name) {
  const parts = String(name).split(/(?<=[a-z0-9.])(?=[A-Z])/);
  return parts.flatMap((part, index) => (index ? [h('wbr'), part] : [part]));
}

function summarize(event, operation, scenes) {
  return Object.entries(event.args).map(([key, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && value.kind && 'destination' in value) {
      const name = value.identifier ?? segueName(value, operation, scenes, event.vc === value.source ? event.scene : null) ?? '∅';
      return `${key}: ${name} ${value.source}→${value.destination}`;
    }
    return `${key}: ${JSON.stringify(value)}`;
  }).join(', ');
}
