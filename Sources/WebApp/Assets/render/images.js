// The image of a button, bar item or tab bar item (a scene's `ui` says `image: {name, system}`): a
// system symbol as its Material Design icon (symbols.js), else its name as text, since an app's
// asset catalog is not uploaded (`bing-logo-white`, `notebook-tab`).
import {h} from './dom.js';
import {symbolGlyph} from './symbols.js';

/** The name an image is read out and shown with when it cannot be drawn. */
export function imageName(image) {
  return image ? String(image.name).replace(/\.(png|jpe?g|pdf|svg)$/i, '') : null;
}

/** The icon's character when `image` is a system symbol the page can draw, else null. */
export function imageGlyph(image) {
  return image?.system ? symbolGlyph(image.name) : null;
}

/** The image as an element: the icon, or its name in a box. */
export function imageView(image) {
  const glyph = imageGlyph(image);
  if (glyph) return h('span.symbol', {'aria-hidden': 'true', 'data-symbol': image.name}, glyph);
  return h('span.image-name', {title: `Image “${image.name}” (not uploaded)`}, imageName(image));
}
