// Create and edit a product. The details part of the form is built from the product type's declared
// attributes (GET /api/product-types), so a type declared tomorrow gets its form without a console
// change. Saving an edit sends If-Match with the version the form was loaded from; when someone else
// saved first (412), what was typed stays, and "keep my changes" lays it over the new version.
//
// The form is read and written as a flat map {data-field → text as typed} ("raw"): loading, saving,
// and the three-way merge after a conflict all work on that map (js/product-fields.js). The functions
// below share one `page` object: the sku (null for a new product), the form and its parts, the
// product types, the type shown, and what the form was loaded from (`version` for If-Match, `base`
// for the merge). The variant grid (views/variant-grid.js) holds the product's options and variants
// and their stock: a save writes the product with them, then the stock of each variant whose stock
// was changed (the cart service keeps stock per sku); `gridBase` is the grid as loaded, for the merge.

import {api, seg, ApiProblem} from '../api.js';
import {h, labelled, input, select, button, clear, focus, append} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields, localProblem} from '../problems.js';
import {loadTree, loadTypes} from '../data.js';
import {confirmDialog} from '../dialog.js';
import {newGrid, gridFromProduct, withStock, mergeGrids, retire} from '../variants.js';
import {variantGrid} from './variant-grid.js';
import {
  rawFromProduct, newProductRaw, bodyFromRaw, merge, perCartHint, savingsText, clashNote, reloadedText,
} from '../product-fields.js';
import {renderDetails, categoryPicker, readRaw, writeRaw, noteField, clearNotes} from './product-form-controls.js';

export function productCreateView(container, context) {
  return productForm(container, context, null);
}

export function productEditView(container, context) {
  return productForm(container, context, context.params[0]);
}

async function productForm(container, {query, navigate, announce}, sku) {
  const page = {
    sku, navigate, announce,
    problemArea: h('div', {hidden: true}),
    conflictArea: h('div', {hidden: true}),
  };
  append(container,
    h('p', {class: 'back'}, h('a', {href: '#/products'}, '← Products')),
    h('h1', {}, sku ? `Product ${sku}` : 'New product'), page.conflictArea, page.problemArea);

  const loaded = await load(page);
  if (!loaded) {
    return;
  }
  const {types, tree, product} = loaded;
  if (product && product.sku !== sku) {
    navigate(`#/products/${encodeURIComponent(product.sku)}`); // a variant's sku: the form is its product's
    return;
  }
  page.types = types;
  const initialType = product ? product.type : (query.get('type') || (types[0] && types[0].name));
  page.currentType = typeNamed(page, initialType);
  if (!page.currentType) {
    showProblem(page.problemArea, localProblem('type', `There is no product type '${initialType}'. Declare it under Product types first.`));
    return;
  }
  page.version = product ? product.version : null;
  page.base = product ? rawFromProduct(product, typeNamed(page, product.type)) : null;

  buildForm(page, tree, product);
  renderDetails(page.detailsHolder, page.currentType);
  writeRaw(page.form, page.base || newProductRaw(page.currentType.name));
  page.gridBase = product ? await gridWithStock(page, product) : newGrid();
  page.grid.load(page.gridBase);
  previewSavings(page);
  append(container, page.form);
}

/** The grid of a product with the stock of each of its skus as the cart service has it (none: no stock record). */
async function gridWithStock(page, product) {
  const grid = gridFromProduct(product);
  const skus = grid.rows.map(r => r.sku);
  try {
    const units = await Promise.all(skus.map(sku => api.get(`/inventory/${seg(sku)}`)
      .then(answer => answer.body.available).catch(e => (e.status === 404 ? null : Promise.reject(e)))));
    return withStock(grid, Object.fromEntries(skus.map((sku, i) => [sku, units[i]])));
  } catch (e) {
    showProblem(page.problemArea, e, 'The stock of the variants could not be read; setting a stock here still works.');
    return grid;
  }
}

/** The product types, the category tree and (editing) the product; null after showing why they could not be read. */
async function load(page) {
  try {
    const [types, tree, product] = await Promise.all([
      loadTypes(), loadTree(), page.sku ? api.get(`/products/${seg(page.sku)}`).then(answer => answer.body) : null]);
    return {types, tree, product};
  } catch (e) {
    showProblem(page.problemArea, e, page.sku && e.status === 404 ? 'It may have been deleted. Search the products again.' : null);
    return null;
  }
}

function typeNamed(page, name) {
  return page.types.find(t => t.name === name) || null;
}

/** The form with its sections; sets page.form and the parts the actions change later. */
function buildForm(page, tree, product) {
  page.detailsHolder = h('div');
  page.savingsPreview = h('p', {class: 'hint', 'aria-live': 'polite'});
  page.typeSelect = select(page.types.map(t => t.name), {value: page.currentType.name});
  page.typeSelect.addEventListener('change', () => changeType(page));
  page.saveButton = h('button', {type: 'submit', class: 'btn btn-primary'}, page.sku ? 'Save changes' : 'Create product');
  page.grid = variantGrid({
    type: page.currentType,
    key: () => page.sku || readRaw(page.form).sku.trim(),
    prices: () => {
      const raw = readRaw(page.form);
      return {list: raw['pricing.list'] || '', retail: raw['pricing.retail'] || ''};
    },
    onRetire: sku => retireVariant(page, sku),
    problemArea: page.problemArea,
  });
  page.form = h('form', {class: 'product-form', novalidate: true, on: {submit: event => {
    event.preventDefault();
    save(page);
  }, input: event => {
    if (/^pricing\./.test(event.target.dataset.field || '')) {
      previewSavings(page);
    }
  }}},
  productSection(page, product),
  priceSection(page),
  page.detailsHolder,
  page.grid.element,
  categoryPicker(tree, product ? product.category_ids : []),
  shippingSection(),
  labelled('Extra search keywords', h('textarea', {rows: 3}), {field: 'keywords',
    hint: 'One per line. Every word of the title and of the details is a keyword already.'}),
  actions(page));
}

function productSection(page, product) {
  return h('fieldset', {},
    h('legend', {}, 'Product'),
    h('div', {class: 'grid'},
      page.sku ? labelled('SKU', input({readonly: true}), {field: 'sku', hint: 'The SKU cannot change.'})
        : labelled('SKU', input({}), {field: 'sku', required: true, hint: 'Letters, digits, _ . - (up to 64)'}),
      labelled('Type', page.typeSelect, {field: 'type', required: true,
        hint: 'The details below are the attributes this type declares.'}),
      labelled('Title', input({}), {field: 'title', required: true})),
    labelled('Description', h('textarea', {rows: 3}), {field: 'description'}),
    labelled('Most per cart', input({inputmode: 'numeric'}), {field: 'max_per_cart', hint: perCartHint(product)}));
}

function priceSection(page) {
  return h('fieldset', {},
    h('legend', {}, 'Price'),
    h('div', {class: 'grid'},
      labelled('Currency', input({maxlength: 3, autocapitalize: 'characters'}), {field: 'pricing.currency', required: true, hint: 'ISO 4217, e.g. USD'}),
      labelled('List price', input({inputmode: 'decimal'}), {field: 'pricing.list', required: true, hint: 'In units of the currency, e.g. 12.00'}),
      labelled('Selling price', input({inputmode: 'decimal'}), {field: 'pricing.retail', required: true, hint: 'At most the list price'})),
    page.savingsPreview);
}

function shippingSection() {
  return h('fieldset', {},
    h('legend', {}, 'Shipping (optional)'),
    h('div', {class: 'grid'},
      labelled('Weight (g)', input({inputmode: 'numeric'}), {field: 'shipping.weight'}),
      labelled('Width (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.width'}),
      labelled('Height (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.height'}),
      labelled('Depth (mm)', input({inputmode: 'numeric'}), {field: 'shipping.dimensions.depth'})));
}

function actions(page) {
  const sku = page.sku;
  return h('div', {class: 'actions'},
    page.saveButton,
    sku ? button('Delete product…', {class: 'btn btn-danger', on: {click: () => remove(page)}}) : null,
    sku ? h('a', {class: 'btn', href: `#/stock/${encodeURIComponent(sku)}`}, 'Stock of this product') : null,
    h('a', {class: 'btn', href: '#/products'}, 'Back to the list'));
}

/** Another type: its details fieldset, keeping what was typed into attributes the new type also declares. */
function changeType(page) {
  const typed = readRaw(page.form);
  page.currentType = typeNamed(page, page.typeSelect.value);
  renderDetails(page.detailsHolder, page.currentType);
  writeRaw(page.form, typed);
  page.grid.setType(page.currentType);
}

function previewSavings(page) {
  page.savingsPreview.textContent = savingsText(readRaw(page.form));
  page.grid.refreshPrices();
}

/** Creates the product, or saves the edit with If-Match; a 412 offers the merge, any other problem is shown and marked. */
async function save(page) {
  clearMarks(page.form);
  clearNotes(page.form);
  hideProblem(page.problemArea);
  let body;
  let stock;
  try {
    body = bodyFromRaw(readRaw(page.form), page.currentType, !page.sku);
    Object.assign(body, page.grid.body(body.pricing));
    stock = page.grid.stockWrites(page.sku || body.sku);
  } catch (e) {
    showProblem(page.problemArea, e);
    markFields(page.form, e);
    return;
  }
  page.saveButton.disabled = true;
  try {
    await (page.sku ? saveEdit(page, body, stock) : create(page, body, stock));
  } catch (e) {
    if (e instanceof ApiProblem && e.status === 412) {
      showConflict(page, e);
    } else {
      showProblem(page.problemArea, e);
      markFields(page.form, e);
    }
  } finally {
    page.saveButton.disabled = false;
  }
}

async function create(page, body, stock) {
  const created = await api.post('/products', body);
  const unset = await setStock(stock);
  page.announce(`Created ${created.body.sku}.${unset ? ` ${unset.detail}` : ''}`);
  page.navigate(`#/products/${encodeURIComponent(created.body.sku)}`);
}

async function saveEdit(page, body, stock) {
  const saved = (await api.put(`/products/${seg(page.sku)}`, body, {ifMatch: page.version})).body;
  hideProblem(page.conflictArea);
  page.version = saved.version;
  page.base = rawFromProduct(saved, typeNamed(page, saved.type));
  writeRaw(page.form, page.base);
  const typedBefore = page.grid.state();
  const unset = await setStock(stock);
  page.gridBase = await gridWithStock(page, saved);
  // A stock that was refused, and those after it, stay as typed beside the problem; the others show what was set.
  const notSet = unset ? stock.slice(stock.findIndex(w => unset.field === `variants[${w.index}].stock`)) : [];
  page.grid.load(notSet.length ? keepTypedStock(page.gridBase, typedBefore, notSet) : page.gridBase);
  previewSavings(page);
  const withStockText = stock.length && !unset ? `, with the stock of ${stock.length} SKU${stock.length === 1 ? '' : 's'}` : '';
  page.announce(`Saved ${page.sku} (version ${saved.version})${withStockText}.`);
  if (unset) {
    throw unset;
  }
}

/** The grid with the stock typed before for the skus of these writes (those not done). */
function keepTypedStock(grid, before, writes) {
  const typedStock = new Map(writes.map(w => [w.sku, before.rows[w.index].stock]));
  return {...grid, rows: grid.rows.map(r => (typedStock.has(r.sku) ? {...r, stock: typedStock.get(r.sku)} : r))};
}

/**
 * Sets the stock of each changed sku once the product is saved (a new variant's sku exists only
 * then), one after the other; returns the first refusal as a problem naming that row's stock, or null.
 */
async function setStock(writes) {
  for (const {index, sku, qty} of writes) {
    try {
      await api.put(`/inventory/${seg(sku)}`, {qty});
    } catch (e) {
      return new ApiProblem(e.status, {...e.problem, title: e.title, field: `variants[${index}].stock`,
        detail: `The product was saved, but not the stock of ${sku}: ${e.detail || e.title}`});
    }
  }
  return null;
}

/** Retires a variant (DELETE, with If-Match) after asking; what was typed elsewhere in the form stays. */
async function retireVariant(page, sku) {
  const sure = await confirmDialog({
    title: `Retire ${sku}?`,
    message: 'It is no longer listed or added to carts; units carts hold already run out as any hold does. Its SKU stays taken.',
    confirmText: 'Retire variant',
    danger: true,
  });
  if (!sure) {
    return false;
  }
  hideProblem(page.problemArea);
  try {
    const answer = (await api.delete(`/products/${seg(page.sku)}/variants/${seg(sku)}`, {ifMatch: page.version})).body;
    page.version = answer.version;
    page.gridBase = retire(page.gridBase, sku);
    page.announce(`Retired ${sku} (version ${answer.version}).`);
    return true;
  } catch (e) {
    showProblem(page.problemArea, e, e.status === 412
      ? 'Someone changed the product since you loaded it, so the variant was not retired. Save or reload first.' : null);
    return false;
  }
}

function showConflict(page, problem) {
  const area = page.conflictArea;
  clear(area);
  area.hidden = false;
  area.className = 'conflict';
  area.setAttribute('role', 'alert');
  const current = problem.problem.currentVersion;
  append(area,
    h('p', {class: 'problem-title'}, h('strong', {}, 'This product changed while you were editing it')),
    h('p', {}, `Someone saved version ${current ?? 'a newer version'}; you started from version ${page.version}. `
      + 'Nothing of yours was saved, and everything you typed is still in the form.'),
    h('p', {class: 'muted'}, `The platform said: ${problem.detail}`),
    h('div', {class: 'actions'},
      button('Load the new version and keep my changes', {class: 'btn btn-primary', on: {click: () => reload(page, true)}}),
      button('Discard my changes and load the new version', {class: 'btn', on: {click: () => reload(page, false)}})));
  focus(area.querySelector('button'));
}

/** Loads the latest version, with what was typed merged on top when keepMine; fields changed on both sides get a note. */
async function reload(page, keepMine) {
  let latest;
  try {
    latest = (await api.get(`/products/${seg(page.sku)}`)).body;
  } catch (e) {
    showProblem(page.problemArea, e);
    return;
  }
  const theirs = rawFromProduct(latest, typeNamed(page, latest.type));
  const {merged, clashes} = keepMine ? merge(page.base, readRaw(page.form), theirs) : {merged: theirs, clashes: []};
  const theirGrid = await gridWithStock(page, latest);
  const grid = keepMine ? mergeGrids(page.gridBase, page.grid.state(), theirGrid) : {grid: theirGrid, clashes: []};
  page.currentType = typeNamed(page, merged.type) || page.currentType;
  page.typeSelect.value = page.currentType.name;
  renderDetails(page.detailsHolder, page.currentType);
  page.grid.setType(page.currentType);
  page.grid.load(grid.grid);
  clearMarks(page.form);
  clearNotes(page.form);
  writeRaw(page.form, merged);
  previewSavings(page);
  page.version = latest.version;
  page.base = theirs;
  page.gridBase = theirGrid;
  for (const [field, value] of [...clashes, ...grid.clashes]) {
    noteField(page.form, field, clashNote(value));
  }
  const area = page.conflictArea;
  clear(area);
  area.className = 'notice-inline';
  area.setAttribute('role', 'status');
  append(area, h('p', {}, reloadedText(latest.version, keepMine, clashes.length + grid.clashes.length)));
  focus(area);
}

async function remove(page) {
  const sure = await confirmDialog({
    title: `Delete ${page.sku}?`,
    message: `The product "${readRaw(page.form).title}" is removed from the catalog. Its stock record stays. This cannot be undone.`,
    confirmText: 'Delete product',
    danger: true,
  });
  if (!sure) {
    return;
  }
  try {
    await api.delete(`/products/${seg(page.sku)}`, {ifMatch: page.version});
    page.announce(`Deleted ${page.sku}.`);
    page.navigate('#/products');
  } catch (e) {
    showProblem(page.problemArea, e, e.status === 412
      ? 'Someone changed the product since you loaded it, so it was not deleted. Reload the page to see the change first.' : null);
  }
}
