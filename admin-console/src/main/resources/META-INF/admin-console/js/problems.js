// Showing what went wrong: the problem's title and detail in an alert box, and, when it names a
// request field, that field marked in its form (aria-invalid, the message under it, focus on it).

import {ApiProblem} from './api.js';
import {h, clear, focus, append} from './dom.js';

/** Members every problem has; the others (currentVersion, slug, available…) are shown as facts. */
const STANDARD_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'instance', 'field', 'violations']);

/** A problem found by the console itself before asking the platform (e.g. "12.345" as a USD price). */
export function localProblem(field, detail) {
  return new ApiProblem(0, {
    type: 'https://problems.shop.example/invalid-field',
    title: 'Please check this field',
    detail,
    field,
  });
}

/**
 * Shows an error in an alert area: an ApiProblem with its title, status, detail and extension
 * members, or any other error as an unexpected one (never a stack trace). `explain` adds a
 * sentence of the console's own (e.g. what a 409 means here).
 */
export function showProblem(area, error, explain) {
  clear(area);
  area.hidden = false;
  area.className = 'problem';
  area.setAttribute('role', 'alert');
  if (error instanceof ApiProblem) {
    const facts = Object.entries(error.problem)
      .filter(([key, value]) => !STANDARD_MEMBERS.has(key) && (typeof value !== 'object' || value === null));
    append(area,
      h('p', {class: 'problem-title'}, h('strong', {}, error.title),
        error.status ? h('span', {class: 'problem-status'}, ` (${error.status}${error.kind !== 'about:blank' ? ' ' + error.kind : ''})`) : null),
      error.detail ? h('p', {class: 'problem-detail'}, error.detail) : null,
      explain ? h('p', {class: 'problem-explain'}, explain) : null,
      facts.length ? h('ul', {class: 'problem-facts'}, facts.map(([key, value]) => h('li', {}, `${key}: ${value}`))) : null,
    );
  } else {
    append(area,
      h('p', {class: 'problem-title'}, h('strong', {}, 'Something went wrong in the console')),
      h('p', {class: 'problem-detail'}, String(error && error.message ? error.message : error)),
      h('p', {class: 'problem-explain'}, 'Nothing was sent that you did not ask for. Reload the page to try again; you stay signed in for this tab.'),
    );
  }
}

export function hideProblem(area) {
  clear(area);
  area.hidden = true;
}

/** Removes every field mark in a form. */
export function clearMarks(form) {
  for (const control of form.querySelectorAll('[aria-invalid="true"]')) {
    control.removeAttribute('aria-invalid');
  }
  for (const message of form.querySelectorAll('.field-error')) {
    message.textContent = '';
    message.hidden = true;
  }
  for (const field of form.querySelectorAll('.field.invalid, fieldset.invalid')) {
    field.classList.remove('invalid');
  }
}

/**
 * Marks the controls the problem names (`details.genre[1]` marks `details.genre`, `shipping` marks
 * the first shipping control) and focuses the first. Returns whether any field was marked.
 */
export function markFields(form, error) {
  if (!(error instanceof ApiProblem)) {
    return false;
  }
  let first = null;
  for (const field of error.fields) {
    const control = controlFor(form, field);
    if (!control) {
      continue;
    }
    control.setAttribute('aria-invalid', 'true');
    const wrapper = control.closest('.field') || control.closest('fieldset');
    if (wrapper) {
      wrapper.classList.add('invalid');
    }
    const message = form.querySelector(`#${CSS.escape(control.id)}-error`);
    if (message) {
      message.textContent = error.messageFor(field);
      message.hidden = false;
    }
    first = first || control;
  }
  focus(first);
  return first !== null;
}

/**
 * The control a field names: itself, else its first part (`variants[3].options` marks the row's first
 * option), else the list it is in (`details.genre[1]` → `details.genre`, `variants[2].x` → `variants`).
 */
function controlFor(form, field) {
  const exact = form.querySelector(`[data-field="${CSS.escape(field)}"]`)
    || form.querySelector(`[data-field^="${CSS.escape(field)}."]`);
  if (exact) {
    return exact;
  }
  for (const name of [field.replace(/\[\d+\]$/, ''), field.replace(/\[\d+\].*$/, '')]) {
    const listed = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (listed) {
      return listed;
    }
  }
  return null;
}
