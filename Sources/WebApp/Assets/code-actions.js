// A control wired to an action method (its scene `ui` carries `action: {selector, source,
// performs}`, read from the app's sources: spec §5.13), tapped as a person taps it: the page sends
// `POST …/actions {"type": "tap", "control", "source", "occurrence"?, "when"?}` and the daemon
// performs what the method's code calls (the code's `dismiss(animated:)`, not a swipe's). The page
// decides nothing about navigation: it names the control, asks which condition holds when the
// action's calls sit in branches (each `when` of `performs`, or the `choices` of a 409
// `choice-required`), and says what the daemon answers — the reason a call was not read (409
// `action-unread`, with "App code…" to do by hand what the code does), or that the method makes no
// navigation call (`performed: false`, "runs app code only").
import {h} from './render/dom.js';

/** The label a tap names a control by, as the daemon reads it: a bar item's title, else its system
 * item, else its Interface Builder label, else its image's name; a cell's text, else its reuse
 * identifier; any other control's text, else its Interface Builder label, else its image's name. */
export function tapLabel(item, kind) {
  const candidates = kind === 'barItem' ? [item.title, item.systemItem, item.userLabel, item.image?.name]
    : kind === 'tableViewCell' || kind === 'collectionViewCell' ? [item.text, item.reuseIdentifier, item.userLabel]
      : [item.text, item.userLabel, item.image?.name];
  return candidates.find(candidate => typeof candidate === 'string' && candidate !== '') ?? null;
}

/** Every control of a scene's `ui` with its label and kind, in the daemon's order: the navigation
 * item's left then right items, the toolbar's, then the controls, each cell followed by its
 * accessory. */
function labelled(ui) {
  const bars = [...(ui?.navigationItem?.leftItems ?? []), ...(ui?.navigationItem?.rightItems ?? []), ...(ui?.toolbarItems ?? [])];
  const out = bars.map(item => ({item, label: tapLabel(item, 'barItem')}));
  for (const control of ui?.controls ?? []) {
    out.push({item: control, label: tapLabel(control, control.type)});
    if (control.accessory) out.push({item: control.accessory, label: tapLabel(control.accessory, control.accessory.type)});
  }
  return out.filter(entry => entry.label !== null);
}

/** `{control, occurrence?}` naming `item` of the scene `ui` for a tap: by the label the page shows
 * (`shown`) when the daemon finds it by that (exactly, else ignoring case: "Cancel" for the system
 * item `cancel`), else by the daemon's own label; `occurrence` (1-based) among the tappable controls
 * the label names, when it names several. */
export function tapRequest(ui, item, kind, shown) {
  const all = labelled(ui);
  for (const label of [shown, tapLabel(item, kind)]) {
    if (!label) continue;
    const exact = all.filter(entry => entry.label === label);
    const named = exact.length ? exact : all.filter(entry => entry.label.toLowerCase() === label.toLowerCase());
    const tappable = named.filter(entry => entry.item.trigger || entry.item.action);
    const index = tappable.findIndex(entry => entry.item === item);
    if (index >= 0) return tappable.length > 1 ? {control: label, occurrence: index + 1} : {control: label};
  }
  return {control: tapLabel(item, kind) ?? shown};
}

/** The conditions of the action's alternatives, each once, in the order of its body. */
export function choicesOf(action) {
  const choices = [];
  for (const operation of action?.performs ?? []) if (operation.when && !choices.includes(operation.when)) choices.push(operation.when);
  return choices;
}

/** One operation of `performs` as the code calls it. */
export function describeOperation(operation) {
  switch (operation.type) {
    case 'dismiss': return 'dismiss(animated:)';
    case 'pop': return 'popViewController(animated:)';
    case 'popToRoot': return 'popToRootViewController(animated:)';
    case 'segue': return `performSegue(withIdentifier: “${operation.identifier}”)`;
    case 'present': case 'push': case 'show': case 'showDetail':
      return `${operation.type} “${operation.storyboardIdentifier}”${operation.storyboard ? ` of ${operation.storyboard}.storyboard` : ''}`;
    case 'unread': return `not read: ${operation.reason}`;
    default: return operation.type;
  }
}

/** `cancel: · Sources/EditViewController.swift:42`. */
export function actionSource(action) {
  return action?.source ? `${action.selector} · ${action.source}` : action?.selector ?? '';
}

/** The method in a sentence: `cancel: (Sources/EditViewController.swift:42)`. */
function methodOf(action) {
  return action?.source ? `${action.selector} (${action.source})` : action?.selector ?? 'Its action method';
}

/** A tooltip: what the action's code does. */
export function describeAction(action) {
  const performs = action?.performs ?? [];
  const what = !performs.length ? 'runs app code only (no navigation call)'
    : performs.map(operation => operation.when ? `${describeOperation(operation)} when ${operation.when}` : describeOperation(operation)).join('; ');
  return `Action ${actionSource(action)}: ${what}`;
}

// One popover at a time, beside the control it is about.
let open = null;

/** Closes the open popover (Escape, a click elsewhere, a choice); focus goes back to its control. */
export function closeCodePopover({refocus = true} = {}) {
  if (!open) return;
  const {element, anchor, timer} = open;
  open = null;
  clearTimeout(timer);
  element.remove();
  document.removeEventListener('keydown', onKey, true);
  document.removeEventListener('pointerdown', onPointer, true);
  if (refocus && anchor?.isConnected) anchor.focus();
}

function onKey(event) {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    closeCodePopover();
  }
}

function onPointer(event) {
  if (open && !open.element.contains(event.target) && !open.anchor?.contains(event.target)) closeCodePopover({refocus: false});
}

/** Shows `content` in a popover under (or above) `anchor` (the element tapped, or `{element, rect}`
 * with where it was when tapped); `kind` names it for styling and tests
 * (`chooser`, `unread`, `app-code-only`); a `lasting` one stays until closed, another goes after a
 * few seconds unless the pointer or focus is in it. */
function showPopover(anchor, kind, title, content, {lasting = true} = {}) {
  closeCodePopover({refocus: false});
  const element = h(`div.code-popover.${kind}`, {role: 'dialog', 'aria-label': title, dataset: {kind}},
    h('div.code-popover-title', {}, title), content);
  document.body.append(element);
  place(element, anchor?.element ?? anchor, anchor?.rect);
  anchor = anchor?.element ?? anchor;
  open = {element, anchor, timer: null};
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  if (!lasting) {
    const later = () => {
      if (open?.element !== element) return;
      if (element.matches(':hover') || element.contains(document.activeElement)) open.timer = setTimeout(later, 2000);
      else closeCodePopover({refocus: false});
    };
    open.timer = setTimeout(later, 6000);
  }
  (element.querySelector('button') ?? element).focus?.();
  return element;
}

/** Under the control, within the window; above it when it would run off the bottom. `rect` is where
 * the control was when tapped, for when the screen has been redrawn since (the answer's new stack). */
function place(element, anchor, rect = null) {
  rect = anchor?.isConnected ? anchor.getBoundingClientRect() : rect ?? {left: 16, right: 16, top: 16, bottom: 16, width: 0};
  const width = element.offsetWidth;
  const height = element.offsetHeight;
  const left = Math.max(8, Math.min(rect.left + rect.width / 2 - width / 2, window.innerWidth - width - 8));
  const below = rect.bottom + 8;
  const top = below + height > window.innerHeight - 8 ? Math.max(8, rect.top - height - 8) : below;
  element.style.left = `${left + window.scrollX}px`;
  element.style.top = `${top + window.scrollY}px`;
}

/** The chooser of an action with alternatives: one button per condition, with what the code calls
 * then (from the scene's `performs`); `choose(when)` sends the tap. */
export function showChooser(anchor, label, action, choices, choose) {
  const calls = when => (action?.performs ?? []).filter(operation => operation.when === when).map(describeOperation);
  const element = showPopover(anchor, 'chooser', `${label}: which condition holds?`, [
    h('p.code-popover-note', {}, `${methodOf(action)} branches. The tap runs the calls of the branch you choose:`),
    h('ul.code-choices', {}, choices.map(when => h('li', {},
      h('button.code-choice', {type: 'button', dataset: {when}, onclick: () => { closeCodePopover(); choose(when); }},
        h('code.code-when', {}, when),
        calls(when).length ? h('span.code-calls', {}, calls(when).join('; ')) : null)))),
  ]);
  // Arrow keys move between the choices, as in a menu.
  element.addEventListener('keydown', event => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...element.querySelectorAll('.code-choice')];
    const index = buttons.indexOf(document.activeElement);
    const next = buttons[(index + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    event.preventDefault();
  });
  return element;
}

/** Why the tap was not performed (409 `action-unread`): the reasons, and "App code…" to make the
 * call by hand. */
export function showUnread(anchor, label, action, reasons, openAppCode) {
  return showPopover(anchor, 'unread', `${label}: not read from the code`, [
    h('p.code-popover-note', {}, `${methodOf(action)} makes a call segued could not read, so the tap does nothing here:`),
    h('ul.code-reasons', {}, reasons.map(reason => h('li', {}, reason))),
    h('div.code-popover-buttons', {},
      h('button.code-app-code', {type: 'button', 'aria-haspopup': 'dialog', onclick: () => { closeCodePopover({refocus: false}); openAppCode(); }}, 'App code…'),
      h('button.code-close', {type: 'button', onclick: () => closeCodePopover()}, 'Close')),
  ]);
}

/** The method makes no navigation call (`performed: false`, reason `runsAppCodeOnly`). */
export function showAppCodeOnly(anchor, label, action) {
  return showPopover(anchor, 'app-code-only', `${label}: runs app code only`, [
    h('p.code-popover-note', {}, `${methodOf(action)} makes no navigation call: nothing changes on screen.`),
  ], {lasting: false});
}
