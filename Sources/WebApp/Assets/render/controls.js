// A screen's controls in reading order (CONTRACTS §1): buttons, table and collection view cells,
// labels, text fields, switches, segmented controls and gesture recognizers (gesture-chip.js). Anything that triggers a segue or an unwind
// is a button named by its label; tapping it asks the daemon to perform it.
import {h, icon} from './dom.js';
import {describeTrigger} from './baritems.js';
import {imageGlyph, imageName, imageView} from './images.js';
import {describeAction} from '../code-actions.js';
import {gestureChip} from './gesture-chip.js';

const CHEVRON = ['M9 5l7 7-7 7'];
const PUSHING = new Set(['show', 'push', 'showDetail', 'replace']);

/** The controls of the instance `vc`, consecutive cells grouped as a table or a grid. A cell's
 * `accessory` (its one control beside its label, as the daemon reads the storyboard) is drawn in
 * its row. A switch or segmented control without a label of its own right after a table cell that
 * is not tapped is that cell's control too (a segued JSON storyboard may list it so): one row,
 * "Notifications" with its switch, as iOS lays it out. */
export function controls(list, vc, context) {
  const out = [];
  let group = null;
  let lastCell = null;
  for (const control of list ?? []) {
    const type = control.type;
    if (type === 'tableViewCell' || type === 'collectionViewCell') {
      if (!group || group.type !== type) {
        group = {type, element: h(type === 'tableViewCell' ? 'div.table' : 'div.grid', {role: 'list'})};
        out.push(group.element);
      }
      const drawn = cell(control, vc, context);
      group.element.append(h('div.cell-row', {role: 'listitem'}, drawn));
      lastCell = type === 'tableViewCell' && !control.trigger && !control.action ? {element: drawn, control} : null;
      continue;
    }
    // A recognizer attached to a cell or its content follows the cell: a row of the same table.
    if (type === 'gestureRecognizer' && group) {
      group.element.append(h('div.cell-row.gesture-row', {role: 'listitem'}, gestureChip(control, vc, context)));
      continue;
    }
    if (lastCell && !control.text && (type === 'switch' || type === 'segmentedControl')) {
      lastCell.element.append(accessory({...control, text: controlLabel(lastCell.control)}, vc, context));
      lastCell = null;
      continue;
    }
    group = null;
    lastCell = null;
    out.push(single(control, vc, context));
  }
  return out;
}

/** A cell's control, named by the cell's label (`control.text` here); a button keeps its title. */
function accessory(control, vc, context) {
  switch (control.type) {
    case 'switch':
      return h('input.cell-switch', {type: 'checkbox', role: 'switch', checked: control.on ? true : null, 'aria-label': control.text});
    case 'segmentedControl': {
      const group = segmented(control, vc, context);
      group.classList.add('cell-segmented');
      return group;
    }
    case 'textField':
      return h('input.cell-field', {type: 'text', placeholder: control.placeholder ?? '', 'aria-label': control.text});
    case 'stepper':
      return h('span.cell-stepper', {role: 'group', 'aria-label': control.text},
        h('button', {type: 'button', 'aria-label': 'Decrement'}, '−'), h('button', {type: 'button', 'aria-label': 'Increment'}, '+'));
    case 'slider':
      return h('input.cell-slider', {type: 'range', 'aria-label': control.text});
    default: {
      const name = control.image && !control.buttonTitle ? (control.userLabel || imageName(control.image)) : null;
      return h(`button.ios-button.cell-button${codeOnly(control) ? '.code-action' : ''}`, {
        type: 'button', 'aria-label': name,
        ...tapping(control.original ?? control, control.type ?? 'button', vc, context, control.buttonTitle || name || control.text),
      }, buttonContent({...control, text: control.buttonTitle}));
    }
  }
}

/** Whether tapping `control` runs its action method's code: it sends an action and has no segue. */
function codeOnly(control) {
  return !control.trigger && Boolean(control.action);
}

/** A tappable element's attributes: its segue performed when it has one, else its action method's
 * code (code-actions.js), else disabled; `shown` is the name the person sees it by. */
function tapping(control, kind, vc, context, shown) {
  if (codeOnly(control)) {
    return {title: describeAction(control.action), dataset: {selector: control.action.selector},
      onclick: event => context.act.tapAction(control, kind, vc, event.currentTarget, shown)};
  }
  return {title: describeTrigger(control.trigger), disabled: !control.trigger, onclick: () => context.act.trigger(control.trigger, vc)};
}

/** A button's face: its image (an icon, or the image's name), then its title; a button without
 * either shows its Interface Builder label (`Search Button`), else "Button". */
function buttonContent(control) {
  if (!control.image) return control.text || control.userLabel || 'Button';
  const glyph = imageGlyph(control.image);
  if (!glyph && !control.text && control.userLabel) return control.userLabel;
  return [imageView(control.image), control.text ? h('span.button-title', {}, control.text) : null];
}

/** The name a control is shown (and read out) with. Interface Builder leaves many cells' labels
 * empty (the app fills them in code): a prototype cell is named by its reuse identifier then, as
 * Xcode's outline names it. */
export function controlLabel(control) {
  switch (control.type) {
    case 'tableViewCell': case 'collectionViewCell': return control.text || control.reuseIdentifier || 'Cell';
    case 'button': return control.text || control.userLabel || imageName(control.image) || 'Button';
    case 'textField': return control.placeholder ?? control.text ?? 'Text field';
    case 'switch': return control.text ?? 'Switch';
    case 'segmentedControl': return control.text ?? 'Segmented control';
    default: return control.text ?? control.type;
  }
}

function cell(control, vc, context) {
  const label = controlLabel(control);
  const prototype = !control.text && Boolean(control.reuseIdentifier);
  const content = [h(`span.cell-text${prototype ? '.prototype' : ''}`, {}, label)];
  const side = control.accessory
    ? accessory({...control.accessory, text: label, buttonTitle: control.accessory.text, original: control.accessory}, vc, context) : null;
  if (!control.trigger && !control.action) return h(`div.cell.${control.type}`, {}, content, side);
  const chevron = PUSHING.has(control.trigger?.kind) ? icon(CHEVRON, 'icon disclosure') : null;
  const tapped = h(`button.cell.${control.type}${codeOnly(control) ? '.code-action' : ''}`, {
    type: 'button', ...tapping(control, control.type, vc, context, label),
  }, content, side ? null : chevron);
  // A control cannot sit inside a button: a tapped cell with one is the two side by side, its
  // disclosure indicator last, at the row's end as iOS draws it.
  return side ? h(`div.cell.with-accessory.${control.type}`, {}, tapped, side, chevron) : tapped;
}

function single(control, vc, context) {
  switch (control.type) {
    case 'button':
      return h(`button.ios-button${codeOnly(control) ? '.code-action' : ''}`, {
        type: 'button',
        'aria-label': control.image && !control.text ? controlLabel(control) : null,
        ...tapping(control, 'button', vc, context, controlLabel(control)),
      }, buttonContent(control));
    case 'label':
      return h('p.ios-label', {}, control.text ?? '');
    case 'textField':
      return h('input.ios-field', {
        type: 'text', placeholder: control.placeholder ?? '', value: control.text ?? '',
        'aria-label': control.placeholder ?? control.text ?? 'Text field',
      });
    case 'switch':
      return h('label.ios-switch', {},
        h('span', {}, control.text ?? 'Switch'),
        h('input', {type: 'checkbox', role: 'switch', checked: control.on ? true : null}));
    case 'segmentedControl':
      return segmented(control, vc, context);
    case 'gestureRecognizer':
      return gestureChip(control, vc, context);
    default:
      return h('p.ios-label', {}, control.text ?? control.type);
  }
}

// Selecting a segment is view state that never reaches UIKit's navigation: kept on the page only,
// unless the control triggers a segue (its value-changed event), which the daemon performs.
function segmented(control, vc, context) {
  const group = h('div.segmented', {role: 'group', 'aria-label': control.text ?? 'Segmented control'});
  (control.segments ?? []).forEach((segment, index) => {
    group.append(h('button.segment', {
      type: 'button',
      'aria-pressed': index === 0 ? 'true' : 'false',
      onclick: event => {
        for (const button of group.children) button.setAttribute('aria-pressed', 'false');
        event.currentTarget.setAttribute('aria-pressed', 'true');
        if (control.trigger) context.act.trigger(control.trigger, vc);
      },
    }, segment));
  });
  return group;
}
