// One session on screen: its storyboard and stack drawn as the app, the transcript and map beside
// it, kept in step by the event stream. Every tap is an API call; the screen changes only when a
// new stack arrives (the stream's operation or state message, or GET …/stack as a fallback).
import {api, ApiProblem} from './api.js';
import {openStream} from './stream.js';
import {Transcript} from './transcript.js';
import {drawWindow} from './render/layers.js';
import {indexNodes, sceneUI} from './render/scenes.js';
import {drawAppCodeMenu} from './menu.js';
import {showProblem, clearProblem} from './problem.js';
import {renderMap} from './map.js';
import {bundleWith, rememberSources} from './add-storyboard.js';
import {attachGestures} from './gestures.js';
import {choicesOf, closeCodePopover, showAppCodeOnly, showChooser, showUnread, tapRequest} from './code-actions.js';

const OPERATION_ENDPOINTS = {segue: api.segue, unwind: api.unwind, action: api.action};

export class SessionView {
  constructor(id, elements) {
    this.id = id;
    this.elements = elements;
    this.stack = null;
    this.storyboard = null;
    this.scenes = {};
    this.streamLive = false;
    this.transcript = new Transcript(elements.transcript, elements.filters, this.scenes);
    this.context = {scenes: this.scenes, act: this.actions(), anchors: new Map(),
      addStoryboard: (reference, files) => this.addStoryboard(reference, files)};
    this.lastTap = null;
    // Where the last tap was, for a popover it presents to point at.
    elements.screen.addEventListener('click', event => {
      const button = event.target.closest('button');
      if (!button) return;
      const screen = elements.screen.getBoundingClientRect();
      const rect = button.getBoundingClientRect();
      this.lastTap = {x: rect.left - screen.left, y: rect.top - screen.top, width: rect.width, height: rect.height,
        screenWidth: screen.width, at: performance.now(),
        label: (button.getAttribute('aria-label') || button.textContent || '').replace(/\s+/g, ' ').trim() || null};
    }, true);
    attachGestures(this);
  }

  /** A phase of a person's gesture (gestures.js): `interactivePop` or `pullDown` with `phase`. */
  gesture(type, body) {
    const name = type === 'interactivePop' ? 'swipe back' : 'pull down';
    return this.perform('action', {type, ...body}, `${name} (${body.phase})`);
  }

  async open() {
    const session = await api.session(this.id);
    this.session = session;
    const document = await api.storyboard(session.storyboard);
    this.storyboard = document;
    Object.assign(this.scenes, document.storyboard?.scenes ?? {});
    this.elements.label.textContent = `${document.name ?? 'Storyboard'} · session ${this.id}`;
    this.showTraits();
    this.applyStack(session.stack);
    this.stream = openStream(this.id, 0, {
      callback: event => this.transcript.addEvent(event),
      // Operations before this connection come first, replayed without their stack (it is gone;
      // `state` brings the current one): they delimit the earlier callbacks and change nothing.
      operation: message => {
        this.transcript.addOperation(message);
        if (!message.stack) return;
        this.applyStack(message.stack);
        if (message.operation === 'action') this.refreshTraits();
      },
      state: message => this.applyStack(message.stack),
      // Said neutrally: a restored session's log starts after its snapshot without anything dropped.
      dropped: message => this.elements.streamStatus(`its log starts at event ${message.firstAvailable}`),
      end: message => this.ended(message.reason),
      status: text => {
        this.streamLive = text === 'live';
        this.elements.streamStatus(text);
      },
      unavailable: () => this.withoutStream(),
    });
  }

  close() {
    closeCodePopover({refocus: false});
    this.stream?.close();
  }

  /** The daemon has no stream: read the log once, then after each operation of this page. */
  async withoutStream() {
    this.elements.streamStatus('no event stream on this daemon: showing this window\'s own operations');
    await this.catchUp();
  }

  async catchUp() {
    let after = Math.max(0, ...this.transcript.events.keys());
    for (;;) {
      const page = await api.events(this.id, after);
      for (const event of page.events ?? []) this.transcript.addEvent(event);
      if (!page.events?.length || page.events.at(-1).seq >= (page.lastSeq ?? 0)) break;
      after = page.events.at(-1).seq;
    }
    const stack = await api.stack(this.id, this.stack ? `"${this.stack.revision}"` : null);
    if (stack) this.applyStack(stack);
  }

  applyStack(stack) {
    if (!stack?.layers) return;
    if (this.stack && stack.revision < this.stack.revision) return;
    this.stack = stack;
    this.context.nodes = indexNodes(stack);
    this.anchorPopovers(stack);
    this.elements.screen.replaceChildren(drawWindow(stack, this.context));
    this.drawMap();
  }

  /** A popover new in this stack gets the place of this window's last tap, if it was recent. */
  anchorPopovers(stack) {
    const popovers = new Set(stack.layers.filter(layer => layer.presentation?.style === 'popover').map(layer => layer.root.id));
    for (const id of this.context.anchors.keys()) if (!popovers.has(id)) this.context.anchors.delete(id);
    for (const id of popovers) {
      if (!this.context.anchors.has(id) && this.lastTap && performance.now() - this.lastTap.at < 3000) {
        this.context.anchors.set(id, this.lastTap);
      }
    }
  }

  drawMap() {
    if (this.elements.map.hidden || !this.storyboard) return;
    try {
      renderMap(this.elements.map, this.storyboard, this.stack);
    } catch (error) {
      this.elements.map.textContent = `The map could not be drawn: ${error.message}`;
    }
  }

  showTraits() {
    const traits = this.session.traits ?? {};
    const pad = traits.idiom === 'pad';
    this.elements.device.classList.toggle('pad', pad);
    this.elements.device.classList.toggle('phone', !pad);
    this.elements.device.classList.toggle('regular', traits.horizontalSizeClass === 'regular');
    this.elements.traits.textContent = `${pad ? 'iPad' : 'iPhone'} · ${traits.horizontalSizeClass ?? ''} width · ${this.session.profile}`;
  }

  async refreshTraits() {
    try {
      this.session = await api.session(this.id);
      this.showTraits();
    } catch {
      // the session may have ended meanwhile; the stream says so
    }
  }

  ended(reason) {
    this.stream?.close();
    showProblem({title: 'The session has ended', detail: `Reason: ${reason ?? 'unknown'}. Start a new one.`, type: 'urn:segued:session-ended'});
  }

  /** Performs an operation (`kind`: segue, unwind or action) and shows its problem if refused,
   * unless `handle(problem)` answers that it has shown it. */
  async perform(kind, body, what, tapped = null, handle = null) {
    try {
      const answer = await OPERATION_ENDPOINTS[kind](this.id, body);
      clearProblem();
      // What this window asked for, to name a segue the API describes without an identifier.
      const via = {label: tapped, id: body.id ?? null};
      // A tap is its own operation in the log (the stream names it so): the header says which control.
      const operation = body.type === 'tap' ? 'tap' : kind;
      this.transcript.addOperation({...answer, operation, action: body.type ?? null, via});
      if (kind === 'action' && body.type === 'setTraits') this.refreshTraits();
      if (!this.streamLive) await this.catchUp();
      return answer;
    } catch (error) {
      if (error instanceof ApiProblem && handle?.(error.problem)) return null;
      if (error instanceof ApiProblem) showProblem(error.problem, what);
      else showProblem({title: 'Unexpected error', detail: String(error)});
      return null;
    }
  }

  /** A tap on `item` (a control, cell or bar item of `kind`, shown as `shown`) of the instance `vc`
   * whose action method's code the daemon performs (code-actions.js). `anchor` is the element
   * tapped, for the chooser and notes to point at. */
  async tapAction(item, kind, vc, anchor, shown, when = null) {
    const action = item.action;
    const choices = choicesOf(action);
    if (!when && choices.length) {
      showChooser(anchor, shown, action, choices, chosen => this.tapAction(item, kind, vc, anchor, shown, chosen));
      return null;
    }
    closeCodePopover({refocus: false});
    // The answer's new stack redraws the screen: a note points where the control was.
    anchor = {element: anchor?.element ?? anchor, rect: (anchor?.element ?? anchor)?.getBoundingClientRect?.() ?? null};
    const body = {type: 'tap', ...tapRequest(sceneUI(this.context, vc), item, kind, shown), source: vc.id, ...(when ? {when} : {})};
    const answer = await this.perform('action', body, `tap ${shown}`, shown, problem => {
      const type = String(problem.type ?? '');
      if (type.endsWith(':choice-required') && problem.choices?.length) {
        showChooser(anchor, shown, action, problem.choices, chosen => this.tapAction(item, kind, vc, anchor, shown, chosen));
        return true;
      }
      if (type.endsWith(':action-unread')) {
        clearProblem();
        showUnread(anchor, shown, action, problem.reasons?.length ? problem.reasons : [problem.detail ?? ''], () => this.elements.openAppCode?.());
        return true;
      }
      return false;
    });
    if (answer && answer.performed === false && answer.reason === 'runsAppCodeOnly') {
      showAppCodeOnly(anchor, shown, action);
    }
    return answer;
  }

  /** A storyboard the app references, dropped on its panel: the app uploaded again with it, and a
   * new session of that upload opened where this one is: the daemon replays this session's walk on
   * it (POST /v1/sessions {storyboard, replay}), so the person is back at the screen they were on,
   * the reference now the scene it names. When the walk cannot be replayed (a restored session's is
   * not known; the new storyboard refuses a step), the new session starts at the launch with this
   * one's device and profile, and the banner says why (add-storyboard.js). */
  async addStoryboard(reference, files) {
    const what = `adding ${reference.storyboard}.storyboard`;
    try {
      const bundle = await bundleWith(this.session.storyboard, this.storyboard?.name ?? this.session.storyboard, reference, files[0]);
      const answer = await api.upload(bundle);
      rememberSources(answer.id, bundle);
      let session;
      let notReplayed = null;
      try {
        session = await api.createSession({storyboard: answer.id, replay: this.id});
      } catch (error) {
        if (!(error instanceof ApiProblem)) throw error;
        notReplayed = error.problem;
        session = await api.createSession({storyboard: answer.id, profile: this.session.profile,
          traits: {idiom: this.session.traits?.idiom ?? 'phone', horizontalSizeClass: this.session.traits?.horizontalSizeClass ?? 'compact'}});
      }
      this.elements.openSession?.(session.id);
      if (notReplayed) showProblem(notReplayed, `${reference.storyboard}.storyboard was added; the app starts at its launch, since this session's walk could not be replayed`);
    } catch (error) {
      if (error instanceof ApiProblem) showProblem(error.problem, what);
      else showProblem({title: 'The storyboard was not added', detail: error.message, type: 'about:blank'}, what);
    }
  }

  actions() {
    return {
      trigger: (trigger, vc) => {
        if (!trigger) return;
        if (trigger.kind === 'unwind') {
          const body = trigger.identifier ? {identifier: trigger.identifier} : {action: trigger.action};
          return this.perform('unwind', {...body, source: vc.id}, `unwind ${trigger.identifier ?? trigger.action}`);
        }
        const body = trigger.identifier ? {identifier: trigger.identifier} : {id: trigger.id};
        const tapped = this.lastTap && performance.now() - this.lastTap.at < 1000 ? this.lastTap.label : null;
        return this.perform('segue', {...body, source: vc.id}, `segue ${trigger.identifier ?? trigger.id}`, tapped);
      },
      back: navigation => this.perform('action', {type: 'back', navigation: navigation.id}, 'back'),
      selectTab: (tabBar, index) => this.perform('action', {type: 'selectTab', index, tabBar: tabBar.id, byUser: true}, `select tab ${index}`),
      dismiss: presented => this.perform('action', {type: 'dismiss', target: presented.id}, 'dismiss'),
      // The grab handle tapped (or its key pressed): a whole pull; dragged, gestures.js drives it.
      pull: async () => {
        const begun = await this.gesture('pullDown', {phase: 'begin'});
        if (begun?.performed) await this.gesture('pullDown', {phase: 'finish'});
      },
      tapOutside: () => this.perform('action', {type: 'tapOutside'}, 'tap outside'),
      tapAction: (item, kind, vc, anchor, shown) => this.tapAction(item, kind, vc, anchor, shown),
    };
  }

  async openAppCodeMenu(dialog, body) {
    let triggerable = null;
    try {
      triggerable = await api.triggerable(this.id);
    } catch (error) {
      if (error instanceof ApiProblem) showProblem(error.problem, 'listing segues');
    }
    drawAppCodeMenu(body, {
      triggerable, scenes: this.scenes, visible: this.stack?.visible, traits: this.session?.traits,
      act: (kind, request) => {
        dialog.close();
        this.perform(kind, request, `${kind} from app code`);
      },
    });
    dialog.showModal();
  }
}
