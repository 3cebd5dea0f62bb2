// What only app code does, apart from the screen: performSegue(withIdentifier:) on what the
// on-screen instances can perform now (GET …/segues), programmatic unwinds, presenting or pushing a
// scene by its storyboard identifier, popping, dismissing, and trait changes.
import {h} from './render/dom.js';

/** Fills `container` for a session; `act` performs (body, endpoint) and closes the dialog. */
export function drawAppCodeMenu(container, {triggerable, scenes, visible, traits, act}) {
  const segues = triggerable?.segues ?? [];
  const unwinds = triggerable?.unwinds ?? [];
  const identified = Object.entries(scenes).filter(([, scene]) => scene.storyboardIdentifier);
  const sceneSelect = h('select', {'aria-label': 'Storyboard identifier'},
    identified.map(([id, scene]) => h('option', {value: scene.storyboardIdentifier},
      `${scene.storyboardIdentifier} (${scene.title ?? scene.class ?? id})`)));
  const styleSelect = h('select', {'aria-label': 'Presentation style'},
    ['automatic', 'pageSheet', 'formSheet', 'fullScreen', 'overFullScreen', 'popover'].map(style => h('option', {value: style}, style)));
  const storyboardIdentifier = () => sceneSelect.value;

  container.replaceChildren(
    section('performSegue(withIdentifier:)', segues.length
      ? h('ul.menu-list', {}, segues.map(segue => h('li', {},
        segue.identifier
          ? h('button.menu-action', {type: 'button', onclick: () => act('segue', {identifier: segue.identifier, source: segue.source, trigger: 'programmatic'})},
            `Perform “${segue.identifier}”`)
          : h('span.menu-disabled', {}, `Segue ${segue.id} has no identifier: only its ${segue.trigger} can perform it`),
        h('span.menu-note', {}, ` ${segue.kind} from ${segue.scene} (${segue.source}) to ${segue.destination ?? '—'}`))))
      : h('p.menu-note', {}, 'No instance on screen has a segue to perform.')),
    section('Unwind from code', unwinds.length
      ? h('ul.menu-list', {}, unwinds.map(unwind => h('li', {},
        h('button.menu-action', {type: 'button', onclick: () => act('unwind', {action: unwind.action, source: unwind.source, trigger: 'programmatic'})},
          `Unwind to ${unwind.action}`),
        h('span.menu-note', {}, ` from ${unwind.scene} (${unwind.source})${unwind.identifier ? `, segue “${unwind.identifier}”` : ''}`))))
      : h('p.menu-note', {}, 'No instance on screen has an unwind segue.')),
    section('Instantiate by storyboard identifier', identified.length
      ? h('div.menu-row', {}, sceneSelect, styleSelect,
        h('button.menu-action', {type: 'button', onclick: () => act('action', {type: 'present', storyboardIdentifier: storyboardIdentifier(), modalPresentationStyle: styleSelect.value})}, 'Present'),
        h('button.menu-action', {type: 'button', onclick: () => act('action', {type: 'push', storyboardIdentifier: storyboardIdentifier()})}, 'Push'))
      : h('p.menu-note', {}, 'No scene has a storyboard identifier.')),
    section('Navigation', h('div.menu-row', {},
      h('button.menu-action', {type: 'button', onclick: () => act('action', {type: 'pop'})}, 'popViewController'),
      h('button.menu-action', {type: 'button', onclick: () => act('action', {type: 'popToRoot'})}, 'popToRootViewController'),
      h('button.menu-action', {type: 'button', onclick: () => act('action', {type: 'dismiss'})}, 'dismiss'),
      h('span.menu-note', {}, ` on the visible instance ${visible ?? ''}`))),
    section('Trait changes', h('div.menu-row', {},
      traitButton('iPhone, compact width', {idiom: 'phone', horizontalSizeClass: 'compact'}, traits, act),
      traitButton('iPhone, regular width (Max in landscape)', {idiom: 'phone', horizontalSizeClass: 'regular'}, traits, act),
      traitButton('iPad, regular width', {idiom: 'pad', horizontalSizeClass: 'regular'}, traits, act),
      traitButton('iPad, compact width (Slide Over)', {idiom: 'pad', horizontalSizeClass: 'compact'}, traits, act))));
}

function section(title, body) {
  return h('section.menu-section', {}, h('h3', {}, title), body);
}

function traitButton(label, target, current, act) {
  const same = current && current.idiom === target.idiom && current.horizontalSizeClass === target.horizontalSizeClass;
  return h('button.menu-action', {type: 'button', 'aria-pressed': same ? 'true' : 'false',
    onclick: () => act('action', {type: 'setTraits', ...target})}, label);
}
