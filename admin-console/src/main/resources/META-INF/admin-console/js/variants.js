// The variant grid's logic, apart from the page: a product's options and its variants as the grid
// holds them (texts as typed), the options and variants of a write from them, the stock to set per
// variant sku, and a variant named with its product. Pure: no DOM, no fetch, so Node's test runner
// checks it (src/test/js/variants.test.mjs). The model is docs/design.md#variants: a product has
// ordered options, and each variant one value per option, its own sku, price and stock.
//
// The grid is {options: [{name, values}], rows: [row]}; a row is {id, sku, saved, key, retired,
// options: {name → value}, list, retail, stock, stockWas, details}. `saved`: the catalog has the
// variant (its sku cannot change; it is retired, not removed); `key`: the row of a product without
// options, whose one variant is sold under the product's sku; `list`/`retail`: the variant's own
// price in major units, '' to follow the product's; `stockWas`: the stock as read, so that only a
// changed one is written.

import {toMinor, toMajor} from './money.js';
import {localProblem} from './problems.js';

/** The most units a stock may be set to (the cart service's limit for PUT /inventory/{sku}). */
export const MAX_STOCK = 1_000_000;

let nextRow = 0;

function row(fields) {
  nextRow += 1;
  return {id: `row-${nextRow}`, sku: '', saved: false, key: false, retired: false, options: {}, list: '', retail: '',
    stock: '', stockWas: '', details: null, ...fields};
}

/** The grid of a new product: no options, the one row of its key. */
export function newGrid() {
  return {options: [], rows: [row({key: true})]};
}

/**
 * A product from the API as the grid shows it. A catalog that answers no variants (older than
 * them) gives the row of the key, as a product without options.
 */
export function gridFromProduct(product) {
  const options = (product.options || []).map(option => ({name: option.name, values: [...option.values]}));
  const variants = product.variants && product.variants.length ? product.variants : [{sku: product.sku, options: {}}];
  return {
    options,
    rows: variants.map(variant => row({
      sku: variant.sku,
      saved: true,
      key: !options.length,
      retired: Boolean(variant.retired),
      options: {...(variant.options || {})},
      ...ownPrices(variant.pricing, product.pricing),
      details: variant.details || null,
    })),
  };
}

/** A variant's price as the grid shows it: '' for both while it is the product's. */
function ownPrices(pricing, productPricing) {
  if (!pricing || (pricing.currency === productPricing.currency && pricing.list === productPricing.list
    && pricing.retail === productPricing.retail)) {
    return {list: '', retail: ''};
  }
  return {list: toMajor(pricing.list, pricing.currency), retail: toMajor(pricing.retail, pricing.currency)};
}

/** The grid with each row's stock as read: {sku → available units, or null without a stock record}. */
export function withStock(grid, stock) {
  return {...grid, rows: grid.rows.map(r => {
    const units = stock[r.sku];
    const text = units === undefined || units === null ? '' : String(units);
    return {...r, stock: text, stockWas: text};
  })};
}

/** The options of the type the product does not use yet (those the grid may add). */
export function optionsToAdd(type, grid) {
  const used = new Set(grid.options.map(option => option.name));
  return ((type && type.options) || []).filter(option => !used.has(option.name));
}

/** The values the type allows for the option that it does not have yet; null when the type lists none (any text). */
export function valuesToAdd(type, option) {
  const declared = typeOption(type, option.name);
  if (!declared || !declared.values) {
    return null;
  }
  return declared.values.filter(value => !option.values.includes(value));
}

function typeOption(type, name) {
  return ((type && type.options) || []).find(option => option.name === name) || null;
}

/**
 * The grid with one more option (of the type), without values yet; each row gets an empty value for
 * it. The row of a product without options becomes a variant sold under the key.
 */
export function addOption(grid, name, key) {
  return {
    options: [...grid.options, {name, values: []}],
    rows: grid.rows.map(r => ({...r, key: false, sku: r.key ? (r.sku || key || '') : r.sku, options: {...r.options, [name]: ''}})),
  };
}

/**
 * The grid with one more value of an option, placed as the type orders its closed list (else last),
 * and the variants it makes: the rows still without a value for the option take it; when there are
 * none, one new row per combination of the other options' values (one row when the product has no
 * other option), each with a sku made from the key and its values. A value the type does not allow,
 * or that the option has, throws a local problem naming `options[i].values`.
 */
export function addOptionValue(grid, name, typed, type, key) {
  const index = grid.options.findIndex(option => option.name === name);
  const field = `options[${index}].values`;
  const value = (typed || '').trim();
  if (!value) {
    throw localProblem(field, `Type a value of '${name}' to add`);
  }
  const option = grid.options[index];
  if (option.values.includes(value)) {
    throw localProblem(field, `'${name}' has the value '${value}' already`);
  }
  const declared = typeOption(type, name);
  if (declared && declared.values && !declared.values.includes(value)) {
    throw localProblem(field, `'${value}' is not a ${name} of this type: one of ${declared.values.join(', ')}`);
  }
  const values = declared && declared.values
    ? declared.values.filter(v => v === value || option.values.includes(v))
    : [...option.values, value];
  const options = grid.options.map((o, i) => (i === index ? {name, values} : o));
  const live = grid.rows.filter(r => !r.retired);
  if (live.some(r => !r.options[name])) {
    return {options, rows: grid.rows.map(r => (!r.retired && !r.options[name] ? {...r, options: {...r.options, [name]: value}} : r))};
  }
  const added = combinations(grid.options.filter(o => o.name !== name))
    .map(others => ({...others, [name]: value}))
    // A retired variant keeps its values taken (docs/design.md#variants), so its combination is not made again.
    .filter(combination => !grid.rows.some(r => sameValues(r.options, combination, options)))
    .map(combination => row({options: combination, sku: suggestSku(key, options.map(o => combination[o.name]))}));
  return {options, rows: [...grid.rows, ...added]};
}

/** Every combination of the options' values (an option without values contributes ''). */
function combinations(options) {
  return options.reduce((all, option) => all.flatMap(partial => (option.values.length ? option.values : [''])
    .map(value => ({...partial, [option.name]: value}))), [{}]);
}

function sameValues(a, b, options) {
  return options.every(option => (a[option.name] || '') === (b[option.name] || ''));
}

/** 'tee', ['XL', 'Navy Blue'] → 'tee-xl-navy-blue': a sku for a new variant, which the person may change. */
export function suggestSku(key, values) {
  const parts = [key || '', ...values].map(part => String(part || '').toLowerCase().replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^-+|-+$/g, '')).filter(Boolean);
  return parts.join('-').slice(0, 64).replace(/-+$/, '');
}

/** The grid with an empty row for a variant typed by hand. */
export function addRow(grid) {
  return {...grid, rows: [...grid.rows, row({options: Object.fromEntries(grid.options.map(o => [o.name, '']))})]};
}

/** The grid without a row the catalog does not have yet. */
export function removeRow(grid, id) {
  return {...grid, rows: grid.rows.filter(r => r.id !== id || r.saved)};
}

/** The grid with the variant of this sku retired (after the catalog retired it). */
export function retire(grid, sku) {
  return {...grid, rows: grid.rows.map(r => (r.sku === sku ? {...r, retired: true} : r))};
}

/** The grid with one typed text of a row changed (column: sku, list, retail, stock, or an option's name). */
export function typed(grid, id, column, text) {
  return {...grid, rows: grid.rows.map(r => {
    if (r.id !== id) {
      return r;
    }
    return ['sku', 'list', 'retail', 'stock'].includes(column) ? {...r, [column]: text} : {...r, options: {...r.options, [column]: text}};
  })};
}

/** The sku a row is sold under: a key row's is the product's. */
export function skuOf(r, key) {
  return r.key ? key : r.sku.trim();
}

/**
 * The `options` and `variants` of the write (ProductWrite), in the grid's order, retired variants
 * included as they are (`retired`, as GET shows them, so a replace keeps them retired). `pricing`
 * is the product's, in minor units: a variant with a price of its own sends both of its prices, a
 * price left empty taking the product's. A product without options writes neither (as before
 * variants). A value the console can tell is wrong throws a local problem naming its field:
 * `variants[2].sku`, `variants[1].options.size`, `variants[0].pricing.list`, `options[0].values`.
 */
export function variantsBody(grid, pricing) {
  if (!grid.options.length) {
    return {};
  }
  grid.options.forEach((option, i) => {
    if (!option.values.length) {
      throw localProblem(`options[${i}].values`, `'${option.name}' needs at least one value: add one, e.g. a size`);
    }
  });
  const currency = pricing.currency || 'USD';
  const variants = grid.rows.map((r, i) => {
    const sku = r.sku.trim();
    if (!sku) {
      throw localProblem(`variants[${i}].sku`, `'variants[${i}].sku' is required: the sku this variant is sold under`);
    }
    const values = {};
    for (const option of grid.options) {
      const value = r.options[option.name] || '';
      if (!value) {
        throw localProblem(`variants[${i}].options.${option.name}`, `Choose the ${option.name} of ${sku}`);
      }
      values[option.name] = value;
    }
    const variant = {sku, options: values};
    if (r.list.trim() || r.retail.trim()) {
      variant.pricing = {currency,
        list: ownPrice(r.list, pricing.list, currency, `variants[${i}].pricing.list`),
        retail: ownPrice(r.retail, pricing.retail, currency, `variants[${i}].pricing.retail`)};
    }
    if (r.details && Object.keys(r.details).length) {
      variant.details = r.details;
    }
    if (r.retired) {
      variant.retired = true;
    }
    return variant;
  });
  return {options: grid.options.map(option => ({name: option.name, values: [...option.values]})), variants};
}

function ownPrice(text, productPrice, currency, field) {
  if (!text.trim()) {
    return productPrice;
  }
  try {
    return toMinor(text, currency);
  } catch (e) {
    throw localProblem(field, e.message);
  }
}

/**
 * The stock to set after the product is saved: [{index, sku, qty}] for each row whose stock was
 * typed and differs from what was read. A stock that is not a whole number up to MAX_STOCK, or one
 * emptied, throws a local problem naming `variants[i].stock`.
 */
export function stockWrites(grid, key) {
  const writes = [];
  grid.rows.forEach((r, i) => {
    const text = r.stock.trim();
    if (text === r.stockWas) {
      return;
    }
    const field = `variants[${i}].stock`;
    if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK) {
      throw localProblem(field, `The stock of ${skuOf(r, key) || 'a new variant'} must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en')}, not '${text}'`);
    }
    writes.push({index: i, sku: skuOf(r, key), qty: Number(text)});
  });
  return writes;
}

/** {size: 'M', colour: 'black'} in the product's option order → 'size M, colour black'. */
export function optionText(values, options) {
  const names = options && options.length ? options.map(o => o.name) : Object.keys(values || {});
  return names.filter(name => values && values[name]).map(name => `${name} ${values[name]}`).join(', ');
}

/**
 * What a stock line names for a sku of this product: its title, and the option values when the sku
 * is a variant's of a product with options ({title, variant: 'size M, colour black' or ''}).
 */
export function variantLabel(product, sku) {
  const variant = (product.variants || []).find(v => v.sku === sku);
  const variantText = variant && (product.options || []).length ? optionText(variant.options, product.options) : '';
  return {title: product.title, variant: variantText, retired: Boolean(variant && variant.retired)};
}

/**
 * Three-way merge of grids after a conflict, by sku: a price, option value or stock I changed keeps
 * mine, one I left takes theirs; their new variants and values come in, mine stay; a variant one side
 * retired is retired. Returns {grid, clashes: [[data-field, their text]]} for what both changed differently.
 */
export function mergeGrids(base, mine, theirs) {
  const bySku = rows => new Map(rows.filter(r => r.saved).map(r => [r.sku, r]));
  const baseRows = bySku(base.rows);
  const mineRows = bySku(mine.rows);
  const options = theirs.options.map(option => {
    const myOption = mine.options.find(o => o.name === option.name);
    const added = myOption ? myOption.values.filter(v => !option.values.includes(v)) : [];
    return {name: option.name, values: [...option.values, ...added]};
  });
  for (const option of mine.options) {
    if (!options.some(o => o.name === option.name)) {
      options.push({name: option.name, values: [...option.values]});
    }
  }
  const columns = ['list', 'retail', 'stock'];
  const clashes = [];
  const rows = theirs.rows.map(their => {
    const my = mineRows.get(their.sku);
    const was = baseRows.get(their.sku);
    if (!my || !was) {
      return their;
    }
    const merged = {...their, retired: their.retired || my.retired, options: {...their.options}};
    const pick = (mineText, wasText, theirText, field, set) => {
      if (mineText !== wasText) {
        set(mineText);
        if (theirText !== wasText && theirText !== mineText) {
          clashes.push([field, theirText]);
        }
      }
    };
    const index = theirs.rows.indexOf(their);
    for (const column of columns) {
      pick(my[column], was[column], their[column], `variants[${index}].${column === 'stock' ? 'stock' : `pricing.${column}`}`,
        text => { merged[column] = text; });
    }
    for (const option of options) {
      pick(my.options[option.name] || '', was.options[option.name] || '', their.options[option.name] || '',
        `variants[${index}].options.${option.name}`, text => { merged.options[option.name] = text; });
    }
    merged.stockWas = their.stockWas;
    return merged;
  });
  return {grid: {options, rows: [...rows, ...mine.rows.filter(r => !r.saved)]}, clashes};
}
