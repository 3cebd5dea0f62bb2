// A refused request shown as the API states it: its title, detail and type (RFC 9457), until the
// person closes it or the next operation succeeds.
import {h} from './render/dom.js';

const banner = () => document.getElementById('problem');

export function showProblem(problem, context = '') {
  const element = banner();
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
