// The transcript beside the screen: every callback the session's log holds, grouped by the
// operation that caused it (from the stream's operation messages, or an operation's own answer),
// an unwind's search drawn as a tree, filters by kind of callback. Each callback entry carries its
// sequence number as data-seq.
import {h} from './render/dom.js';
import {KINDS, kindOf} from './callback-kinds.js';
import {drawSearchTree} from './unwind-tree.js';

export class Transcript {
  constructor(container, filtersContainer) {
    this.container = container;
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

  /** Groups: runs of events inside one operation's range, and runs outside any (callbacks logged
   * before this page connected, whose operation it never saw). */
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
    this.container.replaceChildren(...this.groups().map(group => drawGroup(group)));
    if (atBottom) this.container.scrollTop = this.container.scrollHeight;
  }
}

function drawGroup({operation, events}) {
  const first = events[0].seq;
  const last = events.at(-1).seq;
  const header = operation
    ? h('header.group-head', {},
      h('span.op-kind', {}, operation.operation ?? 'operation'), ' ', describe(operation),
      operation.performed === false ? h('span.not-performed', {}, ` not performed${operation.reason ? `: ${operation.reason}` : ''}`) : null,
      h('span.op-range', {}, operation.revision ? ` · revision ${operation.revision}` : ''))
    : h('header.group-head.unattributed', {},
      h('span.op-kind', {}, first === 1 ? 'launch' : 'earlier'),
      h('span.op-range', {}, ` · seq ${first}–${last}`));
  return h('section.op-group', {},
    header,
    operation?.search?.length ? drawSearchTree(operation.search, operation.destination) : null,
    h('ol.callbacks', {}, events.map(drawEvent)));
}

function describe(operation) {
  const segue = operation.segue;
  if (segue) {
    const name = segue.identifier ?? segue.action ?? segue.id ?? '';
    return `${name} (${segue.kind})${operation.destination ? ` → ${operation.destination}` : ''}`;
  }
  return operation.action ?? '';
}

function drawEvent(event) {
  const kind = kindOf(event.method);
  const args = event.args && Object.keys(event.args).length ? summarize(event.args) : '';
  const hasResult = Object.hasOwn(event, 'result');
  return h(`li.callback.kind-${kind}`, {dataset: {seq: event.seq, kind}},
    h('span.seq', {}, String(event.seq)),
    h('span.receiver', {title: `${event.class ?? ''} (scene ${event.scene})`}, `${event.vc} ${receiverName(event)}`),
    h('span.what', {},
      h('span.method', {}, event.method),
      args ? h('span.args', {}, ` ${args}`) : null,
      hasResult ? h('span.result', {}, ` → ${JSON.stringify(event.result)}`) : null));
}

// Interface Builder's scene ids (`9wT-fg-nmz`, `Main:9wT-fg-nmz` in a bundle) say nothing to a reader; the class does.
const IB_ID = /^(?:[^:]+:)?[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}$/;

function receiverName(event) {
  return IB_ID.test(event.scene ?? '') ? (event.class ?? event.scene) : (event.scene ?? '');
}

function summarize(args) {
  return Object.entries(args).map(([key, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && value.kind && 'destination' in value) {
      return `${key}: ${value.identifier ?? value.id ?? '∅'} ${value.source}→${value.destination}`;
    }
    return `${key}: ${JSON.stringify(value)}`;
  }).join(', ');
}
