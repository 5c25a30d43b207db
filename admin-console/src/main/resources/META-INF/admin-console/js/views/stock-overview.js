// The stock page's overview: the skus to watch during a sale (least available, most held, most sold
// in the last hour), refreshed while it is shown.

import {api} from '../api.js';
import {h, fill} from '../dom.js';
import {showProblem, hideProblem} from '../problems.js';

export const OVERVIEW_EVERY_MS = 5000;

/** Renders the overview into a new element and keeps it fresh; returns {element, stop}. */
export function stockOverview(problemArea) {
  const element = h('section', {class: 'stock-overview', 'aria-live': 'polite'});
  const load = async () => {
    try {
      const overview = (await api.get('/admin/inventory/overview', {limit: 10})).body;
      hideProblem(problemArea);
      fill(element,
        table('Least available', 'least-available', overview.least_available),
        table('Most held in carts', 'most-held', overview.most_held),
        table('Most sold in the last hour', 'most-sold', overview.most_sold),
        h('p', {class: 'hint'}, `As of ${new Date(overview.as_of).toLocaleTimeString()}; refreshed every ${OVERVIEW_EVERY_MS / 1000} s.`));
    } catch (e) {
      showProblem(problemArea, e);
    }
  };
  load();
  const timer = setInterval(load, OVERVIEW_EVERY_MS);
  return {element, stop: () => clearInterval(timer)};
}

function table(title, list, rows) {
  return h('section', {dataset: {list}},
    h('h2', {}, title),
    rows.length === 0 ? h('p', {class: 'hint'}, 'None.') : h('div', {class: 'table-wrap'}, h('table', {},
      h('thead', {}, h('tr', {}, ['SKU', 'Available', 'Reserved', 'Sold', 'Sold lately'].map(text => h('th', {scope: 'col'}, text)))),
      h('tbody', {}, rows.map(row => h('tr', {dataset: {sku: row.sku}},
        h('th', {scope: 'row'}, h('a', {href: `#/stock/${encodeURIComponent(row.sku)}`}, row.sku)),
        h('td', {dataset: {figure: 'available'}}, String(row.available)),
        h('td', {dataset: {figure: 'reserved'}}, String(row.reserved)),
        h('td', {dataset: {figure: 'sold'}}, String(row.sold)),
        h('td', {dataset: {figure: 'sold-in-window'}}, String(row.sold_in_window))))))));
}
