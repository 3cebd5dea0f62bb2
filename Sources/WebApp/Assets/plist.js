// Where an app starts, as its Info.plist says (read here because the daemon reads Info.plist only
// in `segued import DIR`; the upload itself stays storyboards): the scene manifest's
// `UISceneStoryboardFile`, else `UIMainStoryboardFile` with the device family's variant first
// (`UIMainStoryboardFile~ipad`), as UIKit looks them up. XML property lists only: Xcode keeps an
// app's Info.plist as XML; a binary one (`bplist00…`) is reported as unreadable.

/** The storyboard names `text` (an Info.plist) starts the app in, most specific first. Throws an
 * Error when it is not an XML property list. */
export function launchStoryboards(text, idiom = 'phone') {
  if (text.startsWith('bplist')) throw new Error('a binary property list (only XML ones are read here)');
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const root = document.documentElement;
  if (root.nodeName !== 'plist' || document.querySelector('parsererror')) throw new Error('not an XML property list');
  const top = valueOf(root.firstElementChild);
  if (!top || typeof top !== 'object' || Array.isArray(top)) return [];
  const family = idiom === 'pad' ? '~ipad' : '~iphone';
  const names = [];
  const configurations = top.UIApplicationSceneManifest?.UISceneConfigurations ?? {};
  for (const role of Object.values(configurations)) {
    for (const configuration of Array.isArray(role) ? role : []) {
      names.push(configuration?.[`UISceneStoryboardFile${family}`], configuration?.UISceneStoryboardFile);
    }
  }
  names.push(top[`UIMainStoryboardFile${family}`], top.UIMainStoryboardFile);
  return [...new Set(names.filter(name => typeof name === 'string' && name))];
}

/** A plist element as a JavaScript value (dict → object, array, string, integer and real →
 * number, true/false, data and date → their text). */
function valueOf(element) {
  if (!element) return null;
  switch (element.nodeName) {
    case 'dict': {
      const object = {};
      const children = [...element.children];
      for (let index = 0; index + 1 < children.length; index += 2) {
        if (children[index].nodeName === 'key') object[children[index].textContent] = valueOf(children[index + 1]);
      }
      return object;
    }
    case 'array': return [...element.children].map(valueOf);
    case 'true': return true;
    case 'false': return false;
    case 'integer': case 'real': return Number(element.textContent);
    default: return element.textContent;
  }
}
