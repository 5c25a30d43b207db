// The product form's variant grid: the product's options (add one the type declares, add a value,
// e.g. a size: from the type's closed list, or typed when the type lists none) and one row per
// variant (sku, one value per option, its own list and selling price, its stock), with a row to add
// and a variant to retire. Its state is the grid of js/variants.js; every control names the field of
// the write it edits (data-field `variants[2].sku`, `options[0].values`), so a problem marks it as it
// marks the product's fields. Its controls are not part of the form's flat map (readRaw): the grid
// is read whole, as its own state.

import {h, labelled, input, select, button, fill, uid, focus} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {humanize} from '../product-fields.js';
import {
  optionsToAdd, valuesToAdd, addOption, addOptionValue, addRow, removeRow, retire, typed, variantsBody, stockWrites,
} from '../variants.js';

/**
 * The grid of a form. `key()` is the product's sku (typed, for a new one); `prices()` the product's
 * list and selling price as typed (the placeholders of a variant that follows them); `onRetire(sku)`
 * asks the catalog to retire a variant and resolves to whether it did.
 */
export function variantGrid({type, key, prices, onRetire, problemArea}) {
  const grid = {type, state: null};
  const optionsId = uid('options');
  const variantsId = uid('variants');
  const optionsPart = h('div');
  const rowsPart = h('div');
  grid.element = h('section', {class: 'variant-grid', 'aria-label': 'Options and variants'},
    h('fieldset', {id: optionsId, dataset: {field: 'options'}, 'aria-describedby': `${optionsId}-error`},
      h('legend', {}, 'Options'), optionsPart, h('p', {class: 'field-error', id: `${optionsId}-error`, hidden: true})),
    h('fieldset', {id: variantsId, dataset: {field: 'variants'}, 'aria-describedby': `${variantsId}-error`,
      on: {input: changed, change: changed}},
    h('legend', {}, 'Variants'), rowsPart, h('p', {class: 'field-error', id: `${variantsId}-error`, hidden: true})));

  function changed(event) {
    const control = event.target;
    if (control.dataset.row && control.dataset.column) {
      grid.state = typed(grid.state, control.dataset.row, control.dataset.column, control.value);
    }
  }

  /** A structural change (a value, a row, a retirement): the new state drawn, focus where the person goes next. */
  function update(state, focusSelector) {
    grid.state = state;
    render();
    if (focusSelector) {
      focus(grid.element.querySelector(focusSelector));
    }
  }

  /** A change the grid itself refuses (a value the type does not allow): shown and marked like the API's. */
  function refuse(problem) {
    clearMarks(grid.element);
    showProblem(problemArea, problem);
    markFields(grid.element, problem);
  }

  function render() {
    renderOptions();
    renderRows();
  }

  function renderOptions() {
    const state = grid.state;
    const addable = optionsToAdd(grid.type, state);
    fill(optionsPart,
      h('p', {class: 'hint'}, state.options.length
        ? 'The variants differ by these options. Adding a value adds its variants below.'
        : `No options: the product is sold under its SKU as one variant.${addable.length ? ' Add an option to sell it in sizes, colours or formats.' : ''}`),
      state.options.map((option, index) => optionRow(option, index)),
      addable.length ? h('div', {class: 'inline-form option-add'},
        labelled('Add an option', select(addable.map(o => [o.name, humanize(o.name)]), {dataset: {role: 'option-to-add'}})),
        button('Add option', {class: 'btn', on: {click: () => {
          const name = optionsPart.querySelector('[data-role="option-to-add"]').value;
          hideProblem(problemArea);
          update(addOption(grid.state, name, key()), `[data-option="${CSS.escape(name)}"] [data-field]`);
        }}})) : null);
  }

  function optionRow(option, index) {
    const closed = valuesToAdd(grid.type, option);
    const field = `options[${index}].values`;
    const label = `Add a ${option.name}`;
    const control = closed
      ? select([['', closed.length ? '— choose —' : '— none left —'], ...closed], {disabled: !closed.length})
      : input({on: {keydown: event => {
        if (event.key === 'Enter') {
          event.preventDefault(); // adds the value, not saves the form
          add();
        }
      }}});
    function add() {
      hideProblem(problemArea);
      try {
        update(addOptionValue(grid.state, option.name, control.value, grid.type, key()),
          `[data-option="${CSS.escape(option.name)}"] [data-field]`);
      } catch (e) {
        refuse(e);
      }
    }
    return h('div', {class: 'option-row', dataset: {option: option.name}},
      h('p', {class: 'option-values'}, h('strong', {}, humanize(option.name)), ': ',
        option.values.length ? option.values.join(', ') : h('span', {class: 'muted'}, 'no value yet')),
      h('div', {class: 'inline-form'},
        labelled(label, control, {field, hint: closed ? `The type's ${option.name}s` : 'Any text'}),
        button(`Add ${option.name}`, {class: 'btn', on: {click: add}})));
  }

  function renderRows() {
    const state = grid.state;
    const price = prices();
    const hasOptions = state.options.length > 0;
    const head = ['SKU', ...state.options.map(o => humanize(o.name)), ...(hasOptions ? ['List price', 'Selling price'] : []), 'Stock', ''];
    fill(rowsPart,
      h('div', {class: 'table-wrap'}, h('table', {class: 'variants'},
        h('thead', {}, h('tr', {}, head.map(text => h('th', {scope: 'col'}, text)))),
        h('tbody', {}, state.rows.map((r, i) => variantRow(r, i, hasOptions, price))))),
      hasOptions ? h('p', {class: 'hint'}, 'A price left empty is the product\'s. Stock is the available units of each SKU; carts\' reservations are not touched.')
        : h('p', {class: 'hint'}, 'Stock is the available units of the SKU; carts\' reservations are not touched.'),
      hasOptions ? h('div', {class: 'actions'}, button('Add a variant', {class: 'btn', on: {click: () => {
        update(addRow(grid.state), 'tbody tr:last-child [data-column="sku"]');
      }}})) : null);
  }

  function variantRow(r, i, hasOptions, price) {
    const n = i + 1;
    const cell = (text, control, field, column) => {
      control.dataset.row = r.id;
      control.dataset.column = column;
      const wrapped = labelled(`${text}, row ${n}`, control, {field});
      wrapped.querySelector('label').classList.add('visually-hidden');
      return h('td', {}, wrapped);
    };
    const locked = r.retired;
    const state = r.retired ? 'retired' : (r.saved ? 'saved' : 'new');
    return h('tr', {dataset: r.saved ? {row: r.id, sku: r.sku, state} : {row: r.id, state}},
      cell('SKU', input({value: r.sku, readonly: r.saved || r.key, placeholder: r.key && !r.sku ? 'The product\'s SKU' : null}),
        `variants[${i}].sku`, 'sku'),
      grid.state.options.map(option => cell(humanize(option.name),
        select([['', '—'], ...option.values, ...(r.options[option.name] && !option.values.includes(r.options[option.name]) ? [r.options[option.name]] : [])],
          {value: r.options[option.name] || '', disabled: locked}),
        `variants[${i}].options.${option.name}`, option.name)),
      hasOptions ? [
        cell('List price', input({inputmode: 'decimal', value: r.list, placeholder: price.list, disabled: locked}), `variants[${i}].pricing.list`, 'list'),
        cell('Selling price', input({inputmode: 'decimal', value: r.retail, placeholder: price.retail, disabled: locked}), `variants[${i}].pricing.retail`, 'retail'),
      ] : null,
      cell('Stock', input({inputmode: 'numeric', value: r.stock, placeholder: r.stockWas ? null : 'no stock record'}), `variants[${i}].stock`, 'stock'),
      h('td', {class: 'row-actions'}, rowAction(r)));
  }

  function rowAction(r) {
    if (r.retired) {
      return h('span', {class: 'state'}, 'Retired');
    }
    if (!r.saved) {
      return button('Remove', {class: 'btn btn-small', on: {click: () => update(removeRow(grid.state, r.id))}});
    }
    if (!grid.state.options.length) {
      return null;
    }
    return button('Retire…', {class: 'btn btn-small btn-danger', on: {click: async () => {
      if (await onRetire(r.sku)) {
        update(retire(grid.state, r.sku));
      }
    }}});
  }

  return {
    element: grid.element,
    /** Draws a grid (js/variants.js), e.g. the product as loaded or saved. */
    load(state) {
      grid.state = state;
      render();
    },
    state: () => grid.state,
    /** Another product type: other options to add; the product's own stay until it is saved. */
    setType(newType) {
      grid.type = newType;
      render();
    },
    /** The product's prices changed: the placeholders of the variants that follow them. */
    refreshPrices() {
      const price = prices();
      grid.element.querySelectorAll('[data-column="list"]').forEach(control => { control.placeholder = price.list; });
      grid.element.querySelectorAll('[data-column="retail"]').forEach(control => { control.placeholder = price.retail; });
    },
    body: pricing => variantsBody(grid.state, pricing),
    stockWrites: productKey => stockWrites(grid.state, productKey),
  };
}
