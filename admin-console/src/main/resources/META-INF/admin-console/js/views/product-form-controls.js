// The product form's controls that are more than one labelled input: the details fieldset built from
// a product type, the category picker, and the form read and written as its flat map of texts
// (js/product-fields.js), with notes under single fields after a merge.

import {h, labelled, input, select, uid, append, fill} from '../dom.js';
import {flatten} from '../data.js';
import {CATEGORY_FIELD, humanize} from '../product-fields.js';

/** The controls of the form's flat map: not those of the variant grid, which is read whole (views/variant-grid.js). */
const CONTROLS = ['input', 'select', 'textarea'].map(tag => `${tag}[data-field]:not(.variant-grid *)`).join(', ');

/** The details fieldset for a type: one control per declared attribute, by its value type. */
export function renderDetails(holder, type) {
  const fields = type.attributes.map(attributeControl);
  fill(holder, h('fieldset', {dataset: {type: type.name}},
    h('legend', {}, `${type.name} details`),
    type.description ? h('p', {class: 'hint'}, type.description) : null,
    fields.length ? h('div', {class: 'grid'}, fields) : h('p', {class: 'muted'}, 'This type declares no attributes.')));
}

function attributeControl(attribute) {
  const options = {field: `details.${attribute.name}`, required: Boolean(attribute.required)};
  const label = humanize(attribute.name);
  switch (attribute.type) {
    case 'string_list':
      return labelled(label, h('textarea', {rows: 3}), {...options, hint: 'One per line'});
    case 'integer':
      return labelled(label, input({inputmode: 'numeric'}), {...options, hint: 'A whole number'});
    case 'number':
      return labelled(label, input({inputmode: 'decimal'}), {...options, hint: 'A number, e.g. 2.5'});
    case 'boolean':
      return labelled(label, select([['', '— not set —'], ['true', 'Yes'], ['false', 'No']]), options);
    case 'date':
      return labelled(label, input({type: 'date'}), {...options, hint: 'YYYY-MM-DD'});
    default:
      return labelled(label, input({}), options);
  }
}

/** Checkboxes for every category, indented as in the tree; ids the tree no longer has stay listed. */
export function categoryPicker(tree, selectedIds) {
  const id = uid('categories');
  const entries = flatten(tree);
  const known = new Set(entries.map(e => e.id));
  const unknown = (selectedIds || []).filter(categoryId => !known.has(categoryId))
    .map(categoryId => ({id: categoryId, name: `Unknown category ${categoryId}`, depth: 0, path: []}));
  return h('fieldset', {id, class: 'categories', dataset: {field: CATEGORY_FIELD}, 'aria-describedby': `${id}-error`,
    on: {change: event => refreshCategorySummary(event.currentTarget)}},
  h('legend', {}, 'Categories'),
  h('p', {class: 'category-summary muted', 'aria-live': 'polite'}),
  h('div', {class: 'category-list'}, [...entries, ...unknown].map(categoryChoice)),
  h('p', {class: 'field-error', id: `${id}-error`, hidden: true}));
}

function categoryChoice(entry) {
  const boxId = uid('category');
  return h('div', {class: `check depth-${Math.min(entry.depth, 6)}`},
    h('input', {type: 'checkbox', id: boxId, value: entry.id, class: 'category-choice', dataset: {name: entry.name}}),
    h('label', {for: boxId}, entry.name,
      entry.depth ? h('span', {class: 'visually-hidden'}, ` (in ${entry.path.slice(0, -1).join(' › ')})`) : null));
}

/** The chosen categories in one line above the list, which may be scrolled away from them. */
function refreshCategorySummary(within) {
  const summary = within.querySelector('.category-summary');
  const chosen = [...within.querySelectorAll('.category-choice:checked')].map(choice => choice.dataset.name);
  summary.textContent = chosen.length ? `Chosen: ${chosen.join(', ')}` : 'No category chosen.';
}

/** The form as {data-field → text}; the categories as their checked ids, sorted and joined. */
export function readRaw(form) {
  const raw = {};
  for (const control of form.querySelectorAll(CONTROLS)) {
    raw[control.dataset.field] = control.value;
  }
  raw[CATEGORY_FIELD] = [...form.querySelectorAll('.category-choice:checked')].map(c => c.value).sort().join(',');
  return raw;
}

/** Sets the controls the map names; the others keep what they hold. */
export function writeRaw(form, raw) {
  for (const control of form.querySelectorAll(CONTROLS)) {
    const value = raw[control.dataset.field];
    if (value !== undefined) {
      control.value = value;
    }
  }
  if (raw[CATEGORY_FIELD] !== undefined) {
    const ids = new Set(raw[CATEGORY_FIELD].split(',').filter(Boolean));
    for (const choice of form.querySelectorAll('.category-choice')) {
      choice.checked = ids.has(choice.value);
    }
    refreshCategorySummary(form);
  }
}

/** A note under one field, read out with it (aria-describedby). */
export function noteField(form, field, text) {
  const control = form.querySelector(`[data-field="${CSS.escape(field)}"]`);
  if (!control) {
    return;
  }
  const wrapper = control.closest('.field') || control.closest('fieldset');
  const note = h('p', {class: 'field-note', id: `${control.id}-note`}, text);
  append(wrapper, note);
  control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby') || ''} ${note.id}`.trim());
}

export function clearNotes(form) {
  for (const note of form.querySelectorAll('.field-note')) {
    const control = form.querySelector(`[aria-describedby~="${note.id}"]`);
    if (control) {
      control.setAttribute('aria-describedby', control.getAttribute('aria-describedby').replace(note.id, '').trim());
    }
    note.remove();
  }
}
