// The bearer token (CONTRACTS §3): asked for on a 401, kept in this tab's sessionStorage, sent as
// Authorization on every API call and on the stream.

const KEY = 'segued.token';

export function token() {
  return sessionStorage.getItem(KEY);
}

/** Authorization header fields to send: none while no token is set. */
export function authorization() {
  const value = token();
  return value ? {Authorization: `Bearer ${value}`} : {};
}

let pending = null;

/** Shows the token form (once, however many requests were refused at the same time); resolves
 * when the person has given one. */
export function askForToken() {
  if (pending) return pending;
  const dialog = document.getElementById('token-dialog');
  const form = document.getElementById('token-form');
  const input = document.getElementById('token-input');
  pending = new Promise(resolve => {
    form.addEventListener('submit', () => {
      sessionStorage.setItem(KEY, input.value.trim());
      input.value = '';
      pending = null;
      resolve();
    }, {once: true});
  });
  dialog.showModal();
  input.focus();
  return pending;
}
