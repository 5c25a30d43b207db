// The stock page's overview: the skus to watch during a sale (least available, most held, most sold
// in the last hour), refreshed while it is shown. Each sku is named with its product: the title, and
// for a variant's sku its option values (a product is found by any of its skus), read once per sku
// while the page is open, since the figures change every few seconds and the names do not.

import {api, seg} from '../api.js';
import {h, fill} from '../dom.js';
import {showProblem, hideProblem} from '../problems.js';
import {variantLabel} from '../variants.js';

export const OVERVIEW_EVERY_MS = 5000;

/** Renders the overview into a new element and keeps it fresh; returns {element, stop}. */
export function stockOverview(problemArea) {
  const element = h('section', {class: 'stock-overview', 'aria-live': 'polite'});
  const products = new Map();
  const load = async () => {
    try {
      const overview = (await api.get('/admin/inventory/overview', {limit: 10})).body;
      const lists = [overview.least_available, overview.most_held, overview.most_sold];
      const named = await names(products, lists.flat().map(row => row.sku));
      hideProblem(problemArea);
      fill(element,
        table('Least available', 'least-available', overview.least_available, named),
        table('Most held in carts', 'most-held', overview.most_held, named),
        table('Most sold in the last hour', 'most-sold', overview.most_sold, named),
        h('p', {class: 'hint'}, `As of ${new Date(overview.as_of).toLocaleTimeString()}; refreshed every ${OVERVIEW_EVERY_MS / 1000} s.`));
    } catch (e) {
      showProblem(problemArea, e);
    }
  };
  load();
  const timer = setInterval(load, OVERVIEW_EVERY_MS);
  return {element, stop: () => clearInterval(timer)};
}

/**
 * {sku → its product's label (js/variants.js variantLabel), or null when no product has it}, each sku
 * asked for once (the promise is kept, so a refresh while it is asked waits for the same answer).
 */
async function names(products, skus) {
  for (const sku of new Set(skus)) {
    if (!products.has(sku)) {
      products.set(sku, api.get(`/products/${seg(sku)}`).then(answer => variantLabel(answer.body, sku))
        .catch(e => {
          if (e.status !== 404) {
            products.delete(sku); // asked again at the next refresh
          }
          return null;
        }));
    }
  }
  const labels = await Promise.all(skus.map(sku => products.get(sku)));
  return new Map(skus.map((sku, i) => [sku, labels[i]]));
}

function productCell(label) {
  if (!label) {
    return h('td', {class: 'muted', dataset: {product: ''}}, 'No product');
  }
  return h('td', {dataset: label.variant ? {product: label.title, variant: label.variant} : {product: label.title}},
    label.title, label.variant ? h('span', {class: 'muted'}, ` (${label.variant})`) : null,
    label.retired ? h('span', {class: 'muted'}, ', retired') : null);
}

function table(title, list, rows, named) {
  return h('section', {dataset: {list}},
    h('h2', {}, title),
    rows.length === 0 ? h('p', {class: 'hint'}, 'None.') : h('div', {class: 'table-wrap'}, h('table', {},
      h('thead', {}, h('tr', {}, ['SKU', 'Product', 'Available', 'Reserved', 'Sold', 'Sold lately'].map(text => h('th', {scope: 'col'}, text)))),
      h('tbody', {}, rows.map(row => h('tr', {dataset: {sku: row.sku}},
        h('th', {scope: 'row'}, h('a', {href: `#/stock/${encodeURIComponent(row.sku)}`}, row.sku)),
        productCell(named.get(row.sku)),
        h('td', {dataset: {figure: 'available'}}, String(row.available)),
        h('td', {dataset: {figure: 'reserved'}}, String(row.reserved)),
        h('td', {dataset: {figure: 'sold'}}, String(row.sold)),
        h('td', {dataset: {figure: 'sold-in-window'}}, String(row.sold_in_window))))))));
}
