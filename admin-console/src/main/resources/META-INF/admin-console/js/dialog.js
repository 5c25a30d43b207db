// A confirmation asked in a modal <dialog>: the browser traps focus in it and Escape cancels,
// so it works from the keyboard. Cancel has the focus first, so Enter never deletes by accident.

import {h, button} from './dom.js';

export function confirmDialog({title, message, confirmText, danger = false}) {
  return new Promise(resolve => {
    const titleId = `dialog-title-${Date.now()}`;
    const cancel = button('Cancel', {class: 'btn'});
    const confirm = button(confirmText, {class: danger ? 'btn btn-danger' : 'btn btn-primary'});
    const dialog = h('dialog', {class: 'confirm', 'aria-labelledby': titleId},
      h('h2', {id: titleId}, title),
      h('p', {}, message),
      h('div', {class: 'actions'}, cancel, confirm));
    const finish = answer => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    cancel.addEventListener('click', () => finish(false));
    confirm.addEventListener('click', () => finish(true));
    dialog.addEventListener('cancel', event => {
      event.preventDefault();
      finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
