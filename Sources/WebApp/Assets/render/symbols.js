// SF Symbols cannot be shipped, so the page draws a system symbol a storyboard names with the
// nearest Material Design icon (Apache-2.0, Debian's fonts-material-design-icons-iconfont, cut to
// these icons by scripts/icon-font into ../material-icons.woff2 and icon-codepoints.js). A name
// not here is looked up without its variants (`person.crop.circle.fill` → `person.crop.circle` →
// `person.crop` → `person`); one still unknown is drawn as its name. Adding an icon: a line here,
// then `scripts/icon-font`.

import {CODEPOINTS} from './icon-codepoints.js';

export const SYMBOLS = {
  'gear': 'settings', 'gearshape': 'settings', 'magnifyingglass': 'search', 'plus': 'add',
  'plus.circle': 'add_circle', 'minus': 'remove', 'minus.circle': 'remove_circle', 'xmark': 'close',
  'xmark.circle': 'cancel', 'checkmark': 'check', 'checkmark.circle': 'check_circle', 'map': 'map',
  'location': 'near_me', 'location.north': 'navigation', 'scope': 'gps_fixed', 'mappin': 'place',
  'mappin.and.ellipse': 'place', 'globe': 'language', 'safari': 'explore', 'icloud': 'cloud',
  'icloud.and.arrow.up': 'cloud_upload', 'icloud.and.arrow.down': 'cloud_download',
  'arrow.uturn.left': 'undo', 'arrow.uturn.right': 'redo', 'arrow.clockwise': 'refresh',
  'arrow.counterclockwise': 'replay', 'arrow.left': 'arrow_back', 'arrow.right': 'arrow_forward',
  'arrow.up.arrow.down': 'swap_vert', 'square.and.arrow.up': 'ios_share', 'square.and.arrow.down': 'download',
  'trash': 'delete', 'pencil': 'edit', 'square.and.pencil': 'edit_note', 'person': 'person',
  'person.circle': 'account_circle', 'person.crop.circle': 'account_circle', 'person.2': 'people',
  'person.3': 'groups', 'house': 'home', 'star': 'star_border', 'star.fill': 'star', 'heart': 'favorite_border',
  'heart.fill': 'favorite', 'bell': 'notifications', 'info': 'info', 'info.circle': 'info',
  'questionmark': 'help_outline', 'questionmark.circle': 'help', 'exclamationmark.triangle': 'warning',
  'ellipsis': 'more_horiz', 'ellipsis.circle': 'more_horiz', 'line.3.horizontal': 'menu',
  'line.horizontal.3': 'menu', 'line.3.horizontal.decrease': 'filter_list', 'slider.horizontal.3': 'tune',
  'list.bullet': 'list', 'square.3.layers.3d': 'layers', 'square.stack.3d.up': 'layers',
  'square.grid.2x2': 'apps', 'rectangle.stack': 'library_books', 'camera': 'photo_camera', 'photo': 'image',
  'photo.on.rectangle': 'photo_library', 'bookmark': 'bookmark_border', 'bookmark.fill': 'bookmark', 'book': 'menu_book',
  'folder': 'folder', 'doc': 'description', 'doc.text': 'description', 'envelope': 'mail', 'paperplane': 'send',
  'bubble.left': 'chat_bubble_outline', 'message': 'message', 'phone': 'phone', 'lock': 'lock', 'lock.open': 'lock_open',
  'key': 'vpn_key', 'link': 'link', 'eye': 'visibility', 'eye.slash': 'visibility_off', 'calendar': 'calendar_today',
  'clock': 'schedule', 'cart': 'shopping_cart', 'bag': 'shopping_bag', 'tag': 'label', 'flag': 'flag',
  'mic': 'mic', 'play': 'play_arrow', 'pause': 'pause', 'stop': 'stop', 'chevron.left': 'chevron_left',
  'chevron.right': 'chevron_right', 'chevron.up': 'expand_less', 'chevron.down': 'expand_more',
  'tray': 'inbox', 'hand.thumbsup': 'thumb_up', 'sun.max': 'light_mode', 'moon': 'dark_mode', 'wifi': 'wifi',
  'gift': 'card_giftcard', 'creditcard': 'credit_card', 'chart.bar': 'bar_chart', 'leaf': 'eco', 'ant': 'bug_report',
  'ladybug': 'bug_report', 'shield': 'shield', 'hourglass': 'hourglass_empty', 'printer': 'print', 'qrcode': 'qr_code',
  'textformat': 'text_fields', 'wand.and.stars': 'auto_fix_high', 'flame': 'local_fire_department',
};

/** The Material icon character for system symbol `name`, or null. */
export function symbolGlyph(name) {
  for (let parts = String(name).split('.'); parts.length; parts = parts.slice(0, -1)) {
    const icon = SYMBOLS[parts.join('.')];
    if (icon && CODEPOINTS[icon]) return String.fromCodePoint(CODEPOINTS[icon]);
  }
  return null;
}
