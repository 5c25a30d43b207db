// The product search's logic, apart from the page: which facets there are, the query sent to
// GET /api/products built from the page's address (#/products?q=…&genre=Jazz&genre=Blues&price=500-1000),
// the address after a pick, and the text shown for a facet value and a price range. Pure: no DOM,
// no fetch, so Node's test runner checks it (src/test/js/product-search.test.mjs).

import {display} from './money.js';

/**
 * The facets shown beside the results, in order; adding one the API offers is one entry here.
 * - `name`: its name in `facets=` and in the answer's `facets` object;
 * - `title`: the heading of its group;
 * - `param`: the listing parameter a pick sets;
 * - `multi`: true when several values may be picked (the parameter repeated: any of them, shown as
 *   checkboxes); false when a pick replaces the current value (the category facet lists the
 *   children of the picked category: picking one goes down the tree);
 * - `value(entry)`: the parameter value that picks an entry of the answer (null: the entry is counted
 *   but cannot be picked, e.g. a "sold out" count beside an "in stock only" filter);
 * - `label(entry, context)`: its text; `context.currency` is the currency prices are shown in.
 *
 * For instance the availability facet, once the API has it (values "in-stock" and "sold-out", and
 * `inStock=true` as its filter), would be:
 *   {name: 'availability', title: 'Availability', param: 'inStock', multi: false,
 *    value: entry => (entry.value === 'in-stock' ? 'true' : null), label: entry => (entry.value === 'in-stock' ? 'In stock' : 'Sold out')}
 */
export const FACETS = [
  {name: 'type', title: 'Type', param: 'type', multi: true, value: entry => entry.value, label: entry => entry.value},
  {name: 'genre', title: 'Genre', param: 'genre', multi: true, value: entry => entry.value, label: entry => entry.value},
  {name: 'price', title: 'Price', param: 'price', multi: true, value: priceParam,
    label: (entry, context) => priceRangeLabel(entry, context.currency)},
  {name: 'category', title: 'Category', param: 'category', multi: false, value: entry => entry.slug, label: entry => entry.name},
];

/** The listing's single-valued parameters the page passes on (besides the facets' own and the cursor). */
export const TEXT_PARAMS = ['q', 'title', 'titlePrefix', 'keyword', 'actor', 'minSavingsPct', 'sort', 'limit'];

/** The value of `facets=`: every facet of FACETS. */
export function facetsParam(facets = FACETS) {
  return facets.map(facet => facet.name).join(',');
}

/** The distinct non-blank values of a parameter in the address, trimmed, in the order given. */
export function valuesOf(address, name) {
  const values = address.getAll(name).map(value => value.trim()).filter(Boolean);
  return [...new Set(values)];
}

/**
 * The query of GET /api/products for a page address: the text parameters (first value, trimmed,
 * blank ones left out), every picked value of a multi-select facet, the one of a single-select
 * facet, the cursor, and `facets=` for the counts.
 */
export function listingQuery(address, facets = FACETS) {
  const query = new URLSearchParams();
  for (const name of TEXT_PARAMS) {
    const [value] = valuesOf(address, name);
    if (value) {
      query.set(name, value);
    }
  }
  for (const facet of facets) {
    const values = valuesOf(address, facet.param);
    for (const value of facet.multi ? values : values.slice(0, 1)) {
      query.append(facet.param, value);
    }
  }
  if (address.get('cursor')) {
    query.set('cursor', address.get('cursor'));
  }
  query.set('facets', facetsParam(facets));
  return query;
}

/** '#/products' with the address's query, if any. */
export function hashOf(address) {
  const text = address.toString();
  return text ? `#/products?${text}` : '#/products';
}

/** A new address: a copy without the cursor (any change of the search starts again at its first page). */
function restart(address) {
  const next = new URLSearchParams(address);
  next.delete('cursor');
  return next;
}

/** The address after ticking (picked) or unticking a value of a facet; a single-select facet's pick replaces its value. */
export function withPick(address, facet, value, picked) {
  const next = restart(address);
  const others = valuesOf(next, facet.param).filter(v => v !== value);
  next.delete(facet.param);
  const kept = facet.multi ? others : [];
  for (const v of picked ? [...kept, value] : kept) {
    next.append(facet.param, v);
  }
  return next;
}

/** The address with these parameters set (a blank value removes the parameter): the form's fields, the search text. */
export function withValues(address, values) {
  const next = restart(address);
  for (const [name, value] of Object.entries(values)) {
    const text = String(value ?? '').trim();
    if (text) {
      next.set(name, text);
    } else {
      next.delete(name);
    }
  }
  return next;
}

/**
 * What the page shows of a facet: one option per entry of the answer, {value, label, count,
 * picked} (value null: counted, not pickable), then any value picked in the address that the answer
 * does not list (at 0), so that a pick can always be undone.
 */
export function facetOptions(facet, entries, address, context = {}) {
  const picked = new Set(valuesOf(address, facet.param));
  const options = (entries || []).map(entry => {
    const value = facet.value(entry) ?? null;
    return {value, label: facet.label(entry, context), count: entry.count, picked: value !== null && picked.has(value)};
  });
  if (facet.multi) {
    const listed = new Set(options.map(option => option.value));
    for (const value of picked) {
      if (!listed.has(value)) {
        options.push({value, label: value, count: 0, picked: true});
      }
    }
  }
  return options;
}

/** 1204 → "1,204" (in the given locale; the reader's when none is given). */
export function formatCount(count, locale) {
  return new Intl.NumberFormat(locale).format(count);
}

/** A price facet entry as the `price` parameter picks it: {min: 500, max: 1000} → "500-1000", {min: 5000, max: null} → "5000-". */
export function priceParam({min, max}) {
  return `${min}-${max === null || max === undefined ? '' : max}`;
}

/**
 * A price bucket in money: the upper bound is excluded, so [500, 1000) in USD is "$5.00 – $9.99";
 * the first bucket reads "Under $5.00", the last "$50.00 and more". Without a currency (the page
 * shows none, or several) the bounds stay minor units and say so.
 */
export function priceRangeLabel({min, max}, currency, locale) {
  const amount = minor => (currency ? display(minor, currency, locale) : formatCount(minor, locale));
  const unit = currency ? '' : ' (minor units)';
  const open = max === null || max === undefined;
  if (open) {
    return min === 0 ? `Any price${unit}` : `${amount(min)} and more${unit}`;
  }
  if (min === 0) {
    return `Under ${amount(max)}${unit}`;
  }
  const last = max - 1;
  return last === min ? `${amount(min)}${unit}` : `${amount(min)} – ${amount(last)}${unit}`;
}

/** The one currency of these products, or `fallback` when there are none or they have several. */
export function currencyOf(products, fallback = null) {
  const currencies = new Set((products || []).map(product => product.pricing && product.pricing.currency).filter(Boolean));
  return currencies.size === 1 ? [...currencies][0] : fallback;
}

/**
 * How many products match the whole search, read from the price facet: its buckets cover every
 * price from 0 up, so the picked buckets' counts (all of them when none is picked) add up to the
 * matches. Null when the answer has no price facet.
 */
export function matchCount(facets, address) {
  const buckets = facets && facets.price;
  if (!Array.isArray(buckets)) {
    return null;
  }
  const picked = new Set(valuesOf(address, 'price'));
  return buckets.filter(bucket => picked.size === 0 || picked.has(priceParam(bucket)))
    .reduce((sum, bucket) => sum + bucket.count, 0);
}

/** The sentence above the results: "13 products match. 10 products on this page." */
export function resultSummary({shown, matching, laterPage, locale}) {
  if (shown === 0) {
    return 'No product matches these filters.';
  }
  const products = n => `${formatCount(n, locale)} product${n === 1 ? '' : 's'}`;
  const total = matching === null || matching === undefined ? '' : `${products(matching)} match${matching === 1 ? 'es' : ''}. `;
  return `${total}${products(shown)} on this page${laterPage ? ' (not the first page)' : ''}.`;
}
