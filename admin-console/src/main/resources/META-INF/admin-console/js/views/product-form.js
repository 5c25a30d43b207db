// Create and edit a product. The details part of the form is built from the product type's declared
// attributes (GET /api/product-types), so a type declared tomorrow gets its form without a console
// change. Saving an edit sends If-Match with the version the form was loaded from; when someone else
// saved first (412), what was typed stays, and "keep my changes" lays it over the new version.
//
// The form is read and written as a flat map {data-field → text as typed} ("raw"): loading, saving,
// and the three-way merge after a conflict all work on that map.

import {api, seg, ApiProblem} from '../api.js';
import {h, labelled, input, select, button, uid, clear, focus, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields, localProblem} from '../problems.js';
import {loadTree, loadTypes, flatten} from '../data.js';
import {toMinor, toMajor, display, fractionDigits} from '../money.js';
import {confirmDialog} from '../dialog.js';

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'to', 'for', 'by', 'at', 'or']);
const CATEGORY_FIELD = 'category_ids';

export function productCreateView(container, context) {
  return productForm(container, context, null);
}

export function productEditView(container, context) {
  return productForm(container, context, context.params[0]);
}

async function productForm(container, {query, navigate, announce}, sku) {
  const heading = h('h1', {}, sku ? `Product ${sku}` : 'New product');
  const problemArea = h('div', {hidden: true});
  const conflictArea = h('div', {hidden: true});
  append(container,
    h('p', {class: 'back'}, h('a', {href: '#/products'}, '← Products')),
    heading, conflictArea, problemArea);

  let types;
  let tree;
  let product = null;
  try {
    [types, tree, product] = await Promise.all([
      loadTypes(), loadTree(), sku ? api.get(`/products/${seg(sku)}`).then(answer => answer.body) : null]);
  } catch (e) {
    showProblem(problemArea, e, sku && e.status === 404 ? 'It may have been deleted. Search the products again.' : null);
    return;
  }
  const typeNamed = name => types.find(t => t.name === name) || null;
  const initialType = product ? product.type : (query.get('type') || (types[0] && types[0].name));
  if (!typeNamed(initialType)) {
    showProblem(problemArea, localProblem('type', `There is no product type '${initialType}'. Declare it under Product types first.`));
    return;
  }

  // What the form was loaded from: the version for If-Match and the values for the merge.
  const state = {version: product ? product.version : null, base: product ? rawFromProduct(product, typeNamed(product.type)) : null};
  let currentType = typeNamed(initialType);

  const detailsHolder = h('div');
  const savingsPreview = h('p', {class: 'hint', 'aria-live': 'polite'});
  const typeSelect = select(types.map(t => t.name), {value: currentType.name});
  const saveButton = h('button', {type: 'submit', class: 'btn btn-primary'}, sku ? 'Save changes' : 'Create product');

  const form = h('form', {class: 'product-form', novalidate: true, on: {submit: event => {
    event.preventDefault();
    save();
  }, input: event => {
    if (/^pricing\./.test(event.target.dataset.field || '')) {
      previewSavings();
    }
  }}},
  h('fieldset', {},
    h('legend', {}, 'Product'),
    h('div', {class: 'grid'},
      sku ? labelled('SKU', input({readonly: true}), {field: 'sku', hint: 'The SKU cannot change.'})
        : labelled('SKU', input({}), {field: 'sku', required: true, hint: 'Letters, digits, _ . - (up to 64)'}),
      labelled('Type', typeSelect, {field: 'type', required: true,
        hint: 'The details below are the attributes this type declares.'}),
      labelled('Title', input({}), {field: 'title', required: true})),
    labelled('Description', h('textarea', {rows: 3}), {field: 'description'}),
    labelled('Most per cart', input({inputmode: 'numeric'}), {field: 'max_per_cart', hint: perCartHint(product)})),
  h('fieldset', {},
    h('legend', {}, 'Price'),
    h('div', {class: 'grid'},
      labelled('Currency', input({maxlength: 3, autocapitalize: 'characters'}), {field: 'pricing.currency', required: true, hint: 'ISO 4217, e.g. USD'}),
      labelled('List price', input({inputmode: 'decimal'}), {field: 'pricing.list', required: true, hint: 'In units of the currency, e.g. 12.00'}),
      labelled('Selling price', input({inputmode: 'decimal'}), {field: 'pricing.retail', required: true, hint: 'At most the list price'})),
    savingsPreview),
  detailsHolder,
  categoryPicker(tree, product ? product.category_ids : []),
  h('fieldset', {},
    h('legend', {}, 'Shipping (optional)'),
    h('div', {class: 'grid'},
      labelled('Weight (g)', input({inputmode: 'numeric'}), {field: 'shipping.weight'}),
      labelled('Width (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.width'}),
      labelled('Height (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.height'}),
      labelled('Depth (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.depth'}))),
  labelled('Extra search keywords', h('textarea', {rows: 3}), {field: 'keywords',
    hint: 'One per line. Every word of the title and of the details is a keyword already.'}),
  h('div', {class: 'actions'},
    saveButton,
    sku ? button('Delete product…', {class: 'btn btn-danger', on: {click: remove}}) : null,
    sku ? h('a', {class: 'btn', href: `#/stock/${encodeURIComponent(sku)}`}, 'Stock of this product') : null,
    h('a', {class: 'btn', href: '#/products'}, 'Back to the list')));

  typeSelect.addEventListener('change', () => {
    // Keep what was typed into attributes the new type also declares.
    const typed = readRaw(form);
    currentType = typeNamed(typeSelect.value);
    renderDetails(detailsHolder, currentType);
    writeRaw(form, typed);
  });

  renderDetails(detailsHolder, currentType);
  writeRaw(form, product ? state.base : {'pricing.currency': 'USD', type: currentType.name, [CATEGORY_FIELD]: ''});
  previewSavings();
  append(container, form);

  function previewSavings() {
    const raw = readRaw(form);
    try {
      const list = toMinor(raw['pricing.list'], raw['pricing.currency']);
      const retail = toMinor(raw['pricing.retail'], raw['pricing.currency']);
      const savings = list - retail;
      savingsPreview.textContent = savings >= 0
        ? `Discount: ${display(savings, raw['pricing.currency'])} (${list === 0 ? 0 : Math.floor(100 * savings / list)} %)`
        : 'The selling price is above the list price.';
    } catch (e) {
      savingsPreview.textContent = `Prices in ${raw['pricing.currency'] || 'the currency'} with ${fractionDigits(raw['pricing.currency'] || 'USD')} decimals.`;
    }
  }

  async function save() {
    clearMarks(form);
    clearNotes(form);
    hideProblem(problemArea);
    let body;
    try {
      body = bodyFromRaw(readRaw(form), currentType, !sku);
    } catch (e) {
      showProblem(problemArea, e);
      markFields(form, e);
      return;
    }
    saveButton.disabled = true;
    try {
      if (!sku) {
        const created = await api.post('/products', body);
        announce(`Created ${created.body.sku}.`);
        navigate(`#/products/${encodeURIComponent(created.body.sku)}`);
        return;
      }
      const saved = (await api.put(`/products/${seg(sku)}`, body, {ifMatch: state.version})).body;
      hideProblem(conflictArea);
      state.version = saved.version;
      state.base = rawFromProduct(saved, typeNamed(saved.type));
      writeRaw(form, state.base);
      previewSavings();
      announce(`Saved ${sku} (version ${saved.version}).`);
    } catch (e) {
      if (e instanceof ApiProblem && e.status === 412) {
        showConflict(e);
      } else {
        showProblem(problemArea, e);
        markFields(form, e);
      }
    } finally {
      saveButton.disabled = false;
    }
  }

  function showConflict(problem) {
    clear(conflictArea);
    conflictArea.hidden = false;
    conflictArea.className = 'conflict';
    conflictArea.setAttribute('role', 'alert');
    const current = problem.problem.currentVersion;
    append(conflictArea,
      h('p', {class: 'problem-title'}, h('strong', {}, 'This product changed while you were editing it')),
      h('p', {}, `Someone saved version ${current ?? 'a newer version'}; you started from version ${state.version}. `
        + 'Nothing of yours was saved, and everything you typed is still in the form.'),
      h('p', {class: 'muted'}, `The platform said: ${problem.detail}`),
      h('div', {class: 'actions'},
        button('Load the new version and keep my changes', {class: 'btn btn-primary', on: {click: () => reload(true)}}),
        button('Discard my changes and load the new version', {class: 'btn', on: {click: () => reload(false)}})));
    focus(conflictArea.querySelector('button'));
  }

  async function reload(keepMine) {
    let latest;
    try {
      latest = (await api.get(`/products/${seg(sku)}`)).body;
    } catch (e) {
      showProblem(problemArea, e);
      return;
    }
    const theirs = rawFromProduct(latest, typeNamed(latest.type));
    const mine = readRaw(form);
    let merged = theirs;
    let clashes = [];
    if (keepMine) {
      ({merged, clashes} = merge(state.base, mine, theirs));
    }
    currentType = typeNamed(merged.type) || currentType;
    typeSelect.value = currentType.name;
    renderDetails(detailsHolder, currentType);
    clearMarks(form);
    clearNotes(form);
    writeRaw(form, merged);
    previewSavings();
    state.version = latest.version;
    state.base = theirs;
    for (const [field, value] of clashes) {
      noteField(form, field, `Also changed meanwhile, to: ${value === '' ? '(empty)' : value.replace(/\n/g, ', ')}. Yours is kept; saving overwrites theirs.`);
    }
    clear(conflictArea);
    conflictArea.className = 'notice-inline';
    conflictArea.setAttribute('role', 'status');
    append(conflictArea, h('p', {}, keepMine
      ? `Version ${latest.version} is loaded with your changes on top${clashes.length ? `; ${clashes.length} field${clashes.length === 1 ? '' : 's'} changed on both sides (marked)` : ''}. Review, then save.`
      : `Version ${latest.version} is loaded; your changes were discarded.`));
    focus(conflictArea);
  }

  async function remove() {
    const sure = await confirmDialog({
      title: `Delete ${sku}?`,
      message: `The product "${readRaw(form).title}" is removed from the catalog. Its stock record stays. This cannot be undone.`,
      confirmText: 'Delete product',
      danger: true,
    });
    if (!sure) {
      return;
    }
    try {
      await api.delete(`/products/${seg(sku)}`, {ifMatch: state.version});
      announce(`Deleted ${sku}.`);
      navigate('#/products');
    } catch (e) {
      showProblem(problemArea, e, e.status === 412
        ? 'Someone changed the product since you loaded it, so it was not deleted. Reload the page to see the change first.' : null);
    }
  }
}

/** The details fieldset for a type: one control per declared attribute, by its value type. */
function renderDetails(holder, type) {
  const fields = type.attributes.map(attribute => {
    const field = `details.${attribute.name}`;
    const options = {field, required: Boolean(attribute.required)};
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
  });
  fill(holder, h('fieldset', {dataset: {type: type.name}},
    h('legend', {}, `${type.name} details`),
    type.description ? h('p', {class: 'hint'}, type.description) : null,
    fields.length ? h('div', {class: 'grid'}, fields) : h('p', {class: 'muted'}, 'This type declares no attributes.')));
}

/** Checkboxes for every category, indented as in the tree; ids the tree no longer has stay listed. */
function categoryPicker(tree, selectedIds) {
  const id = uid('categories');
  const entries = flatten(tree);
  const known = new Set(entries.map(e => e.id));
  const box = entry => {
    const boxId = uid('category');
    return h('div', {class: `check depth-${Math.min(entry.depth, 6)}`},
      h('input', {type: 'checkbox', id: boxId, value: entry.id, class: 'category-choice', dataset: {name: entry.name}}),
      h('label', {for: boxId}, entry.name,
        entry.depth ? h('span', {class: 'visually-hidden'}, ` (in ${entry.path.slice(0, -1).join(' › ')})`) : null));
  };
  const unknown = (selectedIds || []).filter(categoryId => !known.has(categoryId))
    .map(categoryId => ({id: categoryId, name: `Unknown category ${categoryId}`, depth: 0, path: []}));
  return h('fieldset', {id, class: 'categories', dataset: {field: CATEGORY_FIELD}, 'aria-describedby': `${id}-error`,
    on: {change: event => refreshCategorySummary(event.currentTarget)}},
  h('legend', {}, 'Categories'),
  h('p', {class: 'category-summary muted', 'aria-live': 'polite'}),
  h('div', {class: 'category-list'}, [...entries, ...unknown].map(box)),
  h('p', {class: 'field-error', id: `${id}-error`, hidden: true}));
}

/** The chosen categories in one line above the list, which may be scrolled away from them. */
function refreshCategorySummary(within) {
  const summary = within.querySelector('.category-summary');
  const chosen = [...within.querySelectorAll('.category-choice:checked')].map(choice => choice.dataset.name);
  summary.textContent = chosen.length ? `Chosen: ${chosen.join(', ')}` : 'No category chosen.';
}

function humanize(name) {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The form as {data-field → text}; the categories as their checked ids, sorted and joined. */
function readRaw(form) {
  const raw = {};
  for (const control of form.querySelectorAll('input[data-field], select[data-field], textarea[data-field]')) {
    raw[control.dataset.field] = control.value;
  }
  raw[CATEGORY_FIELD] = [...form.querySelectorAll('.category-choice:checked')].map(c => c.value).sort().join(',');
  return raw;
}

function writeRaw(form, raw) {
  for (const control of form.querySelectorAll('input[data-field], select[data-field], textarea[data-field]')) {
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

/** A product from the API as the form shows it. */
function rawFromProduct(product, type) {
  const currency = product.pricing.currency;
  const raw = {
    sku: product.sku,
    type: product.type,
    title: product.title,
    description: product.description || '',
    'pricing.currency': currency,
    'pricing.list': toMajor(product.pricing.list, currency),
    'pricing.retail': toMajor(product.pricing.retail, currency),
    'shipping.weight': product.shipping && product.shipping.weight !== undefined && product.shipping.weight !== null ? String(product.shipping.weight) : '',
    [CATEGORY_FIELD]: [...(product.category_ids || [])].sort().join(','),
    keywords: extraKeywords(product).join('\n'),
    // Only the product's own limit is its value; an inherited one stays inherited (see perCartHint).
    max_per_cart: product.max_per_cart_source === 'product' ? String(product.max_per_cart) : '',
  };
  for (const side of ['width', 'height', 'depth']) {
    const dimensions = product.shipping && product.shipping.dimensions;
    raw[`shipping.dimensions.${side}`] = dimensions && dimensions[side] !== undefined ? String(dimensions[side]) : '';
  }
  const details = product.details || {};
  for (const attribute of (type ? type.attributes : [])) {
    const value = details[attribute.name];
    const field = `details.${attribute.name}`;
    if (value === undefined || value === null) {
      raw[field] = '';
    } else if (Array.isArray(value)) {
      raw[field] = value.join('\n');
    } else {
      raw[field] = String(value);
    }
  }
  return raw;
}

/**
 * The keywords a person added, as opposed to the words the catalog derives from the title and the
 * details (same rule as the catalog's Keywords class): only those go back in a save, so derived
 * words never become sticky and the 100-keyword limit of a write is not hit by the derived ones.
 */
function extraKeywords(product) {
  const derived = new Set();
  const addWords = text => {
    for (const word of String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 2 && word.length <= 50 && !STOP_WORDS.has(word)) {
        derived.add(word);
      }
    }
  };
  addWords(product.title || '');
  for (const value of Object.values(product.details || {})) {
    if (typeof value === 'string') {
      addWords(value);
    } else if (Array.isArray(value)) {
      value.filter(v => typeof v === 'string').forEach(addWords);
    }
  }
  return (product.keywords || []).filter(keyword => !derived.has(keyword));
}

/** What an empty "Most per cart" means for this product: the limit it inherits, and from where. */
function perCartHint(product) {
  const inherit = 'Units one cart may hold, 1 to 1000. Empty: ';
  if (!product || product.max_per_cart_source === 'product') {
    return inherit + "the type's limit, else the platform default.";
  }
  const from = product.max_per_cart_source === 'type' ? 'its type' : 'the platform default';
  return `${inherit}${product.max_per_cart} from ${from}.`;
}

/** The write body from the form; a value the console can already tell is wrong is a local problem. */
function bodyFromRaw(raw, type, creating) {
  const text = name => (raw[name] || '').trim();
  const wholeNumber = name => {
    const value = text(name);
    if (!value) {
      return undefined;
    }
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw localProblem(name, `'${name}' must be a whole number of at least 0, not '${value}'`);
    }
    return Number(value);
  };
  const currency = text('pricing.currency').toUpperCase();
  const money = name => {
    const value = text(name);
    if (!value) {
      throw localProblem(name, `'${name}' is required`);
    }
    try {
      return toMinor(value, currency || 'USD');
    } catch (e) {
      throw localProblem(name, e.message);
    }
  };
  const body = {
    type: text('type'),
    title: text('title'),
    pricing: {currency, list: money('pricing.list'), retail: money('pricing.retail')},
    details: {},
  };
  if (creating) {
    body.sku = text('sku');
  }
  if (text('description')) {
    body.description = text('description');
  }
  const weight = wholeNumber('shipping.weight');
  const sides = ['width', 'height', 'depth'].map(side => [side, wholeNumber(`shipping.dimensions.${side}`)]);
  if (weight !== undefined || sides.some(([, value]) => value !== undefined)) {
    body.shipping = {};
    if (weight !== undefined) {
      body.shipping.weight = weight;
    }
    if (sides.some(([, value]) => value !== undefined)) {
      body.shipping.dimensions = Object.fromEntries(sides.filter(([, value]) => value !== undefined));
    }
  }
  body.category_ids = (raw[CATEGORY_FIELD] || '').split(',').filter(Boolean);
  const perCart = wholeNumber('max_per_cart');
  if (perCart !== undefined) {
    body.max_per_cart = perCart;
  }
  const keywords = (raw.keywords || '').split('\n').map(k => k.trim()).filter(Boolean);
  if (keywords.length) {
    body.keywords = keywords;
  }
  for (const attribute of type.attributes) {
    const field = `details.${attribute.name}`;
    const value = text(field);
    if (!value) {
      continue;
    }
    switch (attribute.type) {
      case 'string_list':
        body.details[attribute.name] = raw[field].split('\n').map(v => v.trim()).filter(Boolean);
        break;
      case 'integer':
        if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
          throw localProblem(field, `'${field}' must be a whole number, not '${value}'`);
        }
        body.details[attribute.name] = Number(value);
        break;
      case 'number':
        if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) {
          throw localProblem(field, `'${field}' must be a number, not '${value}'`);
        }
        body.details[attribute.name] = Number(value);
        break;
      case 'boolean':
        body.details[attribute.name] = value === 'true';
        break;
      default:
        body.details[attribute.name] = value;
    }
  }
  return body;
}

/**
 * Three-way merge of form maps: a field I changed keeps my value; a field I left alone takes
 * theirs. A field both sides changed differently is reported, with their value.
 */
function merge(base, mine, theirs) {
  const merged = {};
  const clashes = [];
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const was = base[key] ?? '';
    const my = mine[key] ?? '';
    const their = theirs[key] ?? '';
    if (my !== was) {
      merged[key] = my;
      if (their !== was && their !== my) {
        clashes.push([key, their]);
      }
    } else {
      merged[key] = their;
    }
  }
  return {merged, clashes};
}

function noteField(form, field, text) {
  const control = form.querySelector(`[data-field="${CSS.escape(field)}"]`);
  if (!control) {
    return;
  }
  const wrapper = control.closest('.field') || control.closest('fieldset');
  const note = h('p', {class: 'field-note', id: `${control.id}-note`}, text);
  append(wrapper, note);
  control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby') || ''} ${note.id}`.trim());
}

function clearNotes(form) {
  for (const note of form.querySelectorAll('.field-note')) {
    const control = form.querySelector(`[aria-describedby~="${note.id}"]`);
    if (control) {
      control.setAttribute('aria-describedby', control.getAttribute('aria-describedby').replace(note.id, '').trim());
    }
    note.remove();
  }
}
