// A refused request shown as the API states it: its title, status, detail and type (RFC 9457),
// until the person closes it or the next operation succeeds. It never covers the app: with a
// session open it sits at the top of the developer panel (the navigation bar stays tappable),
// on the start screen under the top bar, in the page's flow.
import {h} from './render/dom.js';

const banner = () => document.getElementById('problem');

/** Moves the banner where it is seen without hiding the device: the panel, else under the top bar. */
function place(element) {
  const workspace = document.getElementById('workspace');
  const panel = workspace && !workspace.hidden ? workspace.querySelector('.devpanel') : null;
  if (panel) {
    if (element.parentElement !== panel) panel.prepend(element);
  } else {
    const topbar = document.querySelector('.topbar');
    if (topbar && element.previousElementSibling !== topbar) topbar.after(element);
  }
}

export function showProblem(problem, context = '') {
  const element = banner();
  place(element);
  element.replaceChildren(
    h('div.problem-text', {},
      h('strong.problem-title', {}, problem.title ?? 'Request failed'),
      problem.status ? h('span.problem-status', {}, ` ${problem.status}`) : null,
      context ? h('span.problem-context', {}, ` — ${context}`) : null,
      problem.detail ? h('p.problem-detail', {}, problem.detail) : null,
      h('code.problem-type', {}, problem.type ?? 'about:blank')),
    h('button.problem-close', {type: 'button', onclick: clearProblem}, 'Close'));
  element.hidden = false;
}

export function clearProblem() {
  banner().hidden = true;
}
