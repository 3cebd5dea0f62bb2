// What a person's fingers do on the device (spec §5.12): an edge drag from the left swipes back,
// the sheet's grab handle pulls it down, a tap outside a popover dismisses it, and the rotate
// button on the device frame turns it. The page only moves what is on screen while the finger is
// down; every change is the API's: `interactivePop` and `pullDown` in phases, `tapOutside`,
// `setTraits` with a size. Nothing is decided here but when a drag ends: past half the width (a
// third of the sheet) or on a fast flick it finishes, otherwise it is cancelled, as on iOS.

const EDGE = 24;          // px from the screen's left edge where a drag is a swipe back
const START = 8;          // px before a drag begins the transition
const FLICK = 0.5;        // px per ms: a faster release finishes whatever the distance
// The page's iPhone is a Max-class one (430x932 points upright, iPhone 15 Pro Max): turned, it is
// regular width (Traits.natural in the engine, docs/behaviour-notes.md §5.12 rule 8).
const SIZES = {phone: {width: 430, height: 932}, pad: {width: 1180, height: 820}};

const views = new WeakMap();   // screen element → the session view now drawing in it

/** Makes `view`'s screen and device take gestures (once per element; a later view takes over). */
export function attachGestures(view) {
  const {screen, device} = view.elements;
  const attached = views.has(screen);
  views.set(screen, view);
  if (attached) return;
  let drag = null;
  screen.addEventListener('pointerdown', event => {
    if (event.button !== 0 || drag) return;
    const grabber = event.target.closest('.grabber');
    const rect = screen.getBoundingClientRect();
    const topLayer = screen.querySelector('.window')?.lastElementChild;
    if (grabber) {
      drag = {kind: 'pullDown', x: event.clientX, y: event.clientY, size: grabber.closest('.sheet')?.getBoundingClientRect().height ?? rect.height};
    } else if (event.clientX - rect.left <= EDGE && topLayer && !topLayer.classList.contains('popover-layer')) {
      drag = {kind: 'interactivePop', x: event.clientX, y: event.clientY, size: rect.width};
    } else {
      return;
    }
    drag.view = views.get(screen);
    drag.samples = [{at: event.timeStamp, offset: 0}];
    // A drag selects no text and scrolls nothing.
    event.preventDefault();
    screen.classList.add('gesturing');
    screen.setPointerCapture(event.pointerId);
  });
  screen.addEventListener('pointermove', event => {
    if (!drag) return;
    const offset = Math.max(0, drag.kind === 'pullDown' ? event.clientY - drag.y : event.clientX - drag.x);
    drag.samples.push({at: event.timeStamp, offset});
    if (drag.samples.length > 6) drag.samples.shift();
    if (!drag.begun && offset >= START) drag.begun = begin(drag);
    if (drag.begun) follow(screen, drag, offset);
  });
  const release = async event => {
    if (!drag) return;
    const ended = drag;
    drag = null;
    screen.classList.remove('gesturing');
    if (!ended.begun) return;
    // A drag is not a tap: the click that follows the release does nothing.
    screen.addEventListener('click', swallow, {capture: true, once: true});
    setTimeout(() => screen.removeEventListener('click', swallow, {capture: true}), 0);
    const performed = await ended.begun;
    if (!performed) return settle(screen);
    const offset = ended.samples.at(-1).offset;
    const first = ended.samples[0], last = ended.samples.at(-1);
    const speed = (last.offset - first.offset) / Math.max(1, last.at - first.at);
    const threshold = ended.kind === 'pullDown' ? ended.size / 3 : ended.size / 2;
    const phase = event.type === 'pointerup' && (offset > threshold || speed > FLICK) ? 'finish' : 'cancel';
    // The views run on to where the phase leaves them (away, or back), then the API's answer redraws.
    await slideTo(screen, ended, phase === 'finish' ? ended.size : 0);
    await ended.view.gesture(ended.kind, {phase});
    settle(screen);
  };
  screen.addEventListener('pointerup', release);
  screen.addEventListener('pointercancel', release);
  if (device && !device.querySelector('.rotate')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'rotate';
    button.title = 'Rotate the device';
    button.setAttribute('aria-label', 'Rotate');
    button.textContent = '⟳';
    button.addEventListener('click', () => rotate(views.get(screen)));
    device.append(button);
  }
}

/** Begins the gesture's transition; resolves to whether it began. The instance leaving (the stack's
 * `transition`) is what a swipe moves. */
async function begin(drag) {
  const answer = await drag.view.gesture(drag.kind, {phase: 'begin'});
  drag.leaving = answer?.stack?.transition?.leaving?.[0] ?? null;
  return answer?.performed === true;
}

/** Moves what the finger holds: the leaving instance's view right, with the revealed one (drawn
 * under it while the stack's `transition` lasts) coming in from a third of the way out; or the
 * sheet down, its presenter brightening beneath as the sheet leaves. */
function follow(screen, drag, offset) {
  const target = drag.kind === 'pullDown' ? screen.querySelector('.window > .layer:last-child .sheet')
    : drag.leaving && screen.querySelector(`.navigation-content > [data-vc="${drag.leaving}"]`);
  if (!target) return;
  const size = drag.kind === 'pullDown' ? drag.size : (target.offsetWidth || drag.size);
  const progress = Math.min(1, offset / Math.max(1, size));
  target.classList.add('dragging');
  target.style.transform = drag.kind === 'pullDown' ? `translateY(${offset}px)` : `translateX(${offset}px)`;
  const beneath = drag.kind === 'pullDown' ? screen.querySelector('.window > .receded')
    : target.parentElement?.querySelector(':scope > .revealed');
  if (!beneath) return;
  beneath.classList.add('dragging');
  if (drag.kind === 'pullDown') {
    beneath.style.filter = `brightness(${0.62 + 0.38 * progress})`;
  } else {
    beneath.style.transform = `translateX(${-30 * (1 - progress)}%)`;
  }
}

/** Runs the dragged views on to `offset` (the whole way: the gesture finishes; 0: it is cancelled)
 * in a short slide, as iOS completes or takes back the transition after the finger lifts. */
function slideTo(screen, drag, offset) {
  const moved = [...screen.querySelectorAll('.dragging')];
  if (!moved.length) return Promise.resolve();
  for (const element of moved) element.classList.add('settling');
  follow(screen, drag, offset);
  return new Promise(resolve => setTimeout(resolve, 200));
}

function settle(screen) {
  for (const element of screen.querySelectorAll('.dragging')) {
    element.classList.remove('dragging', 'settling');
    element.style.transform = '';
    element.style.filter = '';
  }
}

function swallow(event) {
  event.stopPropagation();
  event.preventDefault();
}

/** Turns the device: the window's size swaps and the size class is the one UIKit gives the new
 * window (the request names none): an iPad stays regular; the page's Max-class iPhone becomes
 * regular width in landscape and compact again upright. */
async function rotate(view) {
  if (!view?.session) return;
  const traits = view.session.traits ?? {};
  const idiom = traits.idiom === 'pad' ? 'pad' : 'phone';
  const upright = SIZES[idiom];
  const turned = !view.elements.device.classList.contains('turned');
  const size = turned ? {width: upright.height, height: upright.width} : upright;
  const answer = await view.perform('action', {type: 'setTraits', idiom, size}, 'rotate');
  if (answer) view.elements.device.classList.toggle('turned', turned);
}
