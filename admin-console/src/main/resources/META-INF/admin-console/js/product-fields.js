// The product form's logic, apart from the page. The form is read and written as a flat map
// {data-field → text as typed} ("raw"): a product from the API becomes that map, the map becomes the
// body of a write, and the three-way merge after a conflict works on it. Pure: no DOM, no fetch, so
// Node's test runner checks it (src/test/js/product-fields.test.mjs).

import {toMinor, toMajor, display, fractionDigits} from './money.js';
import {localProblem} from './problems.js';

/** The categories in the raw map: their checked ids, sorted and joined by commas. */
export const CATEGORY_FIELD = 'category_ids';

const SIDES = ['width', 'height', 'depth'];

/** The raw map of a new product's form. */
export function newProductRaw(typeName) {
  return {'pricing.currency': 'USD', type: typeName, [CATEGORY_FIELD]: ''};
}

/** A product from the API as the form shows it; `type` is its declared product type (null: no details). */
export function rawFromProduct(product, type) {
  const currency = product.pricing.currency;
  return {
    sku: product.sku,
    type: product.type,
    title: product.title,
    description: product.description || '',
    'pricing.currency': currency,
    'pricing.list': toMajor(product.pricing.list, currency),
    'pricing.retail': toMajor(product.pricing.retail, currency),
    ...shippingRaw(product.shipping),
    [CATEGORY_FIELD]: [...(product.category_ids || [])].sort().join(','),
    keywords: typedKeywords(product).join('\n'),
    // Only the product's own limit is its value; an inherited one stays inherited (see perCartHint).
    max_per_cart: product.max_per_cart_source === 'product' ? String(product.max_per_cart) : '',
    ...detailsRaw(product.details || {}, type ? type.attributes : []),
  };
}

/**
 * The keywords a person added, which the catalog names (keywords_extra): only those are shown and
 * go back in a save, so the words it derives from the title and the details never become sticky and
 * the 100-keyword limit of a write is not spent on them. A catalog older than the console sends no
 * keywords_extra: then every keyword is shown, so that a save loses none typed by hand.
 */
function typedKeywords(product) {
  return product.keywords_extra ?? product.keywords ?? [];
}

function shippingRaw(shipping) {
  const raw = {'shipping.weight': shipping && shipping.weight !== undefined && shipping.weight !== null ? String(shipping.weight) : ''};
  const dimensions = shipping && shipping.dimensions;
  for (const side of SIDES) {
    raw[`shipping.dimensions.${side}`] = dimensions && dimensions[side] !== undefined ? String(dimensions[side]) : '';
  }
  return raw;
}

/** One entry per declared attribute: a list one value per line, anything else as its text. */
function detailsRaw(details, attributes) {
  const raw = {};
  for (const attribute of attributes) {
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

/** What an empty "Most per cart" means for this product: the limit it inherits, and from where. */
export function perCartHint(product) {
  const inherit = 'Units one cart may hold, 1 to 1000. Empty: ';
  if (!product || product.max_per_cart_source === 'product') {
    return inherit + "the type's limit, else the platform default.";
  }
  const from = product.max_per_cart_source === 'type' ? 'its type' : 'the platform default';
  return `${inherit}${product.max_per_cart} from ${from}.`;
}

/** The line under the prices: the discount the typed prices make, or how to type them. */
export function savingsText(raw) {
  const currency = raw['pricing.currency'];
  try {
    const list = toMinor(raw['pricing.list'], currency);
    const retail = toMinor(raw['pricing.retail'], currency);
    const savings = list - retail;
    return savings >= 0
      ? `Discount: ${display(savings, currency)} (${list === 0 ? 0 : Math.floor(100 * savings / list)} %)`
      : 'The selling price is above the list price.';
  } catch (e) {
    return `Prices in ${currency || 'the currency'} with ${fractionDigits(currency || 'USD')} decimals.`;
  }
}

/** The write body from the form; a value the console can already tell is wrong throws a local problem naming its field. */
export function bodyFromRaw(raw, type, creating) {
  const text = name => (raw[name] || '').trim();
  const currency = text('pricing.currency').toUpperCase();
  const body = {
    type: text('type'),
    title: text('title'),
    pricing: {currency, list: money(text, 'pricing.list', currency), retail: money(text, 'pricing.retail', currency)},
    details: {},
  };
  if (creating) {
    body.sku = text('sku');
  }
  if (text('description')) {
    body.description = text('description');
  }
  const shipping = shippingFromRaw(text);
  if (shipping) {
    body.shipping = shipping;
  }
  body.category_ids = (raw[CATEGORY_FIELD] || '').split(',').filter(Boolean);
  const perCart = wholeNumber(text, 'max_per_cart');
  if (perCart !== undefined) {
    body.max_per_cart = perCart;
  }
  const keywords = lines(raw.keywords);
  if (keywords.length) {
    body.keywords = keywords;
  }
  body.details = detailsFromRaw(raw, type);
  return body;
}

/** A whole number of at least 0, or undefined when the field is empty. */
function wholeNumber(text, name) {
  const value = text(name);
  if (!value) {
    return undefined;
  }
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw localProblem(name, `'${name}' must be a whole number of at least 0, not '${value}'`);
  }
  return Number(value);
}

/** A required price in minor units of the currency (USD while none is typed). */
function money(text, name, currency) {
  const value = text(name);
  if (!value) {
    throw localProblem(name, `'${name}' is required`);
  }
  try {
    return toMinor(value, currency || 'USD');
  } catch (e) {
    throw localProblem(name, e.message);
  }
}

/** Shipping with the parts that were typed, or null when none was. */
function shippingFromRaw(text) {
  const weight = wholeNumber(text, 'shipping.weight');
  const sides = SIDES.map(side => [side, wholeNumber(text, `shipping.dimensions.${side}`)])
    .filter(([, value]) => value !== undefined);
  if (weight === undefined && !sides.length) {
    return null;
  }
  const shipping = {};
  if (weight !== undefined) {
    shipping.weight = weight;
  }
  if (sides.length) {
    shipping.dimensions = Object.fromEntries(sides);
  }
  return shipping;
}

/** The declared attributes that were filled in, each as its value type wants it. */
function detailsFromRaw(raw, type) {
  const details = {};
  for (const attribute of type.attributes) {
    const field = `details.${attribute.name}`;
    if ((raw[field] || '').trim()) {
      details[attribute.name] = detailValue(attribute.type, field, raw[field]);
    }
  }
  return details;
}

function detailValue(valueType, field, typed) {
  const value = typed.trim();
  switch (valueType) {
    case 'string_list':
      return lines(typed);
    case 'integer':
      if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
        throw localProblem(field, `'${field}' must be a whole number, not '${value}'`);
      }
      return Number(value);
    case 'number':
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) {
        throw localProblem(field, `'${field}' must be a number, not '${value}'`);
      }
      return Number(value);
    case 'boolean':
      return value === 'true';
    default:
      return value;
  }
}

/** The non-blank lines of a text box, trimmed. */
function lines(text) {
  return (text || '').split('\n').map(line => line.trim()).filter(Boolean);
}

/**
 * Three-way merge of form maps: a field I changed keeps my value; a field I left alone takes
 * theirs. A field both sides changed differently is reported, with their value.
 */
export function merge(base, mine, theirs) {
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

/** The note under a field both sides changed: their value on one line; mine is kept. */
export function clashNote(their) {
  return `Also changed meanwhile, to: ${their === '' ? '(empty)' : their.replace(/\n/g, ', ')}. Yours is kept; saving overwrites theirs.`;
}

/** What the form says once the new version is loaded, with the person's changes on top or without them. */
export function reloadedText(version, keepMine, clashCount) {
  if (!keepMine) {
    return `Version ${version} is loaded; your changes were discarded.`;
  }
  const clashes = clashCount ? `; ${clashCount} field${clashCount === 1 ? '' : 's'} changed on both sides (marked)` : '';
  return `Version ${version} is loaded with your changes on top${clashes}. Review, then save.`;
}

/** "description" → "Description", "issue_date" → "Issue date": an attribute's label. */
export function humanize(name) {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
