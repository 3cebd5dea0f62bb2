// An unwind's search (the operation's `search`: one step per query UIKit made) as a tree: an
// instance's allowedChildrenForUnwinding answer makes the instances it names its children; the
// others are the next responders up the chain.
import {h} from './render/dom.js';

export function searchTree(search) {
  const roots = [];
  const path = []; // the open nodes, innermost last
  for (const step of search ?? []) {
    let node = path.at(-1);
    if (!node || node.vc !== step.vc) {
      // Leave the nodes that did not name this instance as an allowed child.
      while (path.length && !(path.at(-1).allowed ?? []).includes(step.vc)) path.pop();
      node = {vc: step.vc, steps: [], children: [], allowed: null};
      (path.length ? path.at(-1).children : roots).push(node);
      path.push(node);
    }
    node.steps.push(step);
    if (step.method === 'allowedChildrenForUnwinding' && Array.isArray(step.result)) node.allowed = step.result;
  }
  return roots;
}

export function drawSearchTree(search, destination) {
  const draw = nodes => h('ul.search-tree', {}, nodes.map(node => h(`li${node.vc === destination ? '.destination' : ''}`, {},
    h('span.search-vc', {}, node.vc),
    node.steps.map(step => h('span.search-step', {}, ` ${step.method} → ${JSON.stringify(step.result)}`)),
    node.children.length ? draw(node.children) : null)));
  return h('details.search', {open: true}, h('summary', {}, 'Unwind search'), draw(searchTree(search)));
}
