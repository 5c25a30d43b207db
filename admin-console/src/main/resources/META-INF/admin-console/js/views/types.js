// Product types: the declared attributes of each type, and a form to declare a new one. A type is
// data (POST /api/product-types): once declared, the product form offers it with its attributes, and
// its options (size, colour…) are those the product form's variant grid may add.

import {api} from '../api.js';
import {h, labelled, input, select, button, focus, append, fill, clear} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {loadTypes} from '../data.js';

const VALUE_TYPES = [
  ['string', 'Text'],
  ['string_list', 'List of texts'],
  ['integer', 'Whole number'],
  ['number', 'Number'],
  ['boolean', 'Yes / no'],
  ['date', 'Date'],
];

const valueTypeName = type => (VALUE_TYPES.find(([value]) => value === type) || [type, type])[1];

export async function typeListView(container) {
  const problemArea = h('div', {hidden: true});
  const list = h('div', {}, h('p', {class: 'muted'}, 'Loading…'));
  append(container,
    h('div', {class: 'title-row'}, h('h1', {}, 'Product types'),
      h('a', {class: 'btn btn-primary', href: '#/types/new'}, 'Declare a new type')),
    h('p', {}, 'Each type declares the attributes of its products\' details. The product form is built from these declarations.'),
    problemArea, list);
  try {
    const types = await loadTypes();
    fill(list, h('div', {class: 'table-wrap'}, h('table', {},
      h('thead', {}, h('tr', {}, ['Type', 'Description', 'Attributes', 'Options', 'Most per cart', ''].map(text => h('th', {scope: 'col'}, text)))),
      h('tbody', {}, types.map(type => h('tr', {dataset: {type: type.name}},
        h('th', {scope: 'row'}, type.name),
        h('td', {}, type.description || ''),
        h('td', {}, h('ul', {class: 'plain'}, type.attributes.map(attribute => h('li', {},
          h('code', {}, attribute.name), ` ${valueTypeName(attribute.type)}`, attribute.required ? h('strong', {}, ' required') : null)))),
        h('td', {dataset: {options: ''}}, (type.options || []).length ? h('ul', {class: 'plain'}, type.options.map(option => h('li', {},
          h('code', {}, option.name), ` ${option.values ? option.values.join(', ') : 'any value'}`))) : h('span', {class: 'muted'}, 'none')),
        h('td', {}, type.max_per_cart ? String(type.max_per_cart) : 'platform default'),
        h('td', {}, h('a', {href: `#/products/new?type=${encodeURIComponent(type.name)}`}, `New ${type.name}`))))))));
  } catch (e) {
    clear(list);
    showProblem(problemArea, e);
  }
}

export function typeCreateView(container, {navigate, announce}) {
  const problemArea = h('div', {hidden: true});
  const rows = h('div', {class: 'attribute-rows'});
  const form = h('form', {class: 'type-form', novalidate: true, on: {submit: async event => {
    event.preventDefault();
    clearMarks(form);
    hideProblem(problemArea);
    const body = {
      name: form.querySelector('[data-field="name"]').value.trim(),
      attributes: [...rows.children].map(row => ({
        name: row.querySelector('.attribute-name').value.trim(),
        type: row.querySelector('.attribute-type').value,
        required: row.querySelector('.attribute-required').checked,
      })),
    };
    const description = form.querySelector('[data-field="description"]').value.trim();
    if (description) {
      body.description = description;
    }
    const perCart = form.querySelector('[data-field="max_per_cart"]').value.trim();
    if (perCart) {
      // A number when it is one; anything else goes as typed, and the API's 400 names the field.
      body.max_per_cart = /^\d+$/.test(perCart) ? Number(perCart) : perCart;
    }
    try {
      const created = (await api.post('/product-types', body)).body;
      announce(`Declared the product type ${created.name}.`);
      navigate(`#/products/new?type=${encodeURIComponent(created.name)}`);
    } catch (e) {
      showProblem(problemArea, e);
      markFields(form, e);
    }
  }}},
  h('div', {class: 'grid'},
    labelled('Name', input({}), {field: 'name', required: true, hint: 'e.g. Board Game: letters, digits, spaces, _ and -'}),
    labelled('Description', input({}), {field: 'description'}),
    labelled('Most per cart', input({inputmode: 'numeric'}), {field: 'max_per_cart',
      hint: "Units of one of its products a cart may hold, 1 to 1000. Empty: the platform default."})),
  h('fieldset', {},
    h('legend', {}, 'Attributes'),
    h('p', {class: 'hint'}, 'Names are lower case, e.g. issue_date. issue_date must be a date; genre and actor must be text or a list of texts (the storefront filters and sorts by them).'),
    rows,
    button('Add an attribute', {class: 'btn', on: {click: () => focus(addRow(rows).querySelector('input'))}})),
  h('div', {class: 'actions'},
    h('button', {type: 'submit', class: 'btn btn-primary'}, 'Declare type'),
    h('a', {class: 'btn', href: '#/types'}, 'Cancel')));
  addRow(rows);
  append(container, h('p', {class: 'back'}, h('a', {href: '#/types'}, '← Product types')),
    h('h1', {}, 'Declare a product type'), problemArea, form);
}

/** One attribute row; its controls carry data-field="attributes[i].…" so a problem finds them. */
function addRow(rows) {
  const row = h('fieldset', {class: 'attribute-row'},
    h('legend', {}, 'Attribute'),
    h('div', {class: 'grid'},
      labelled('Attribute name', input({class: 'attribute-name'})),
      labelled('Value type', select(VALUE_TYPES, {class: 'attribute-type'})),
      h('div', {class: 'check'},
        h('input', {type: 'checkbox', class: 'attribute-required', id: `${rows.children.length}-${Date.now()}-required`}),
        h('label', {}, 'Required'))),
    button('Remove this attribute', {class: 'btn btn-small', on: {click: () => {
      row.remove();
      renumber(rows);
    }}}));
  append(rows, row);
  renumber(rows);
  return row;
}

function renumber(rows) {
  [...rows.children].forEach((row, index) => {
    row.querySelector('legend').textContent = `Attribute ${index + 1}`;
    row.querySelector('.attribute-name').dataset.field = `attributes[${index}].name`;
    row.querySelector('.attribute-type').dataset.field = `attributes[${index}].type`;
    const required = row.querySelector('.attribute-required');
    required.dataset.field = `attributes[${index}].required`;
    required.id = `attribute-${index}-required`;
    required.nextElementSibling.htmlFor = required.id;
  });
}
