// What iOS shows for a system bar button item or tab bar item: the name VoiceOver reads (the
// accessible name of our button) and, for the items iOS draws as a glyph, a stroke icon.

export const BAR_ITEM_NAMES = {
  add: 'Add', done: 'Done', cancel: 'Cancel', edit: 'Edit', save: 'Save', compose: 'Compose',
  reply: 'Reply', action: 'Share', organize: 'Organize', bookmarks: 'Bookmarks', search: 'Search',
  refresh: 'Refresh', stop: 'Stop', camera: 'Camera', trash: 'Delete', play: 'Play', pause: 'Pause',
  rewind: 'Rewind', fastForward: 'Fast Forward', undo: 'Undo', redo: 'Redo', pageCurl: 'Page Curl',
};

/** Items iOS draws in bold (the confirming ones). */
export const BOLD_ITEMS = new Set(['done', 'save']);

/** Items iOS draws as words, not glyphs. */
export const WORD_ITEMS = new Set(['done', 'cancel', 'edit', 'save', 'undo', 'redo']);

export const GLYPHS = {
  add: ['M12 4v16M4 12h16'],
  compose: ['M4 20h4L19 9l-4-4L4 16z', 'M14 6l4 4'],
  reply: ['M10 6L4 12l6 6', 'M4 12h10a6 6 0 0 1 6 6'],
  action: ['M12 3v12', 'M8 7l4-4 4 4', 'M6 11H5v10h14V11h-1'],
  organize: ['M3 7h18v13H3z', 'M3 7l2-3h14l2 3'],
  bookmarks: ['M6 3h12v18l-6-5-6 5z'],
  search: ['M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z', 'M15.5 15.5L21 21'],
  refresh: ['M20 12a8 8 0 1 1-2.3-5.7', 'M20 4v5h-5'],
  stop: ['M6 6l12 12M18 6L6 18'],
  camera: ['M3 8h4l2-3h6l2 3h4v11H3z', 'M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  trash: ['M4 6h16', 'M9 6V4h6v2', 'M6 6l1 15h10l1-15'],
  play: ['M7 4l13 8-13 8z'],
  pause: ['M7 4v16M17 4v16'],
  rewind: ['M11 6l-8 6 8 6zM21 6l-8 6 8 6z'],
  fastForward: ['M3 6l8 6-8 6zM13 6l8 6-8 6z'],
  pageCurl: ['M4 4h16v16H10L4 14z', 'M4 14h6v6'],
};

export const TAB_ITEM_NAMES = {
  more: 'More', favorites: 'Favorites', featured: 'Featured', topRated: 'Top Rated', recents: 'Recents',
  contacts: 'Contacts', history: 'History', bookmarks: 'Bookmarks', search: 'Search',
  downloads: 'Downloads', mostRecent: 'Most Recent', mostViewed: 'Most Viewed',
};

export const TAB_GLYPHS = {
  more: ['M5 12h.01M12 12h.01M19 12h.01'],
  favorites: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  featured: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  topRated: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  recents: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 3'],
  history: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 3'],
  contacts: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  bookmarks: GLYPHS.bookmarks,
  search: GLYPHS.search,
  downloads: ['M12 3v13', 'M7 11l5 5 5-5', 'M4 20h16'],
  mostRecent: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 3'],
  mostViewed: ['M4 20V10M10 20V4M16 20v-7M22 20H2'],
};

/** A generic tab glyph for items with a title only: a rounded square. */
export const GENERIC_TAB_GLYPH = ['M5 5h14v14H5z'];
