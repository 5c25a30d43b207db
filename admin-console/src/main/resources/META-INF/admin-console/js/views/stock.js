// Stock per sku, as the cart service keeps it: available (can go into carts) and reserved (held by
// carts). Setting the stock changes the available units only; restocking adds to them. Without a
// sku the page is the overview of the skus to watch; a sku's page draws a live chart of its stock.

import {api, seg} from '../api.js';
import {h, labelled, input, button, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields, localProblem} from '../problems.js';
import {stockOverview} from './stock-overview.js';
import {liveStockChart} from './stock-chart.js';
import {variantLabel} from '../variants.js';

export async function stockView(container, {params, navigate, announce}) {
  const sku = params[0] || null;
  const problemArea = h('div', {hidden: true});
  const skuField = input({value: sku || ''});
  const lookup = h('form', {class: 'inline-form', role: 'search', 'aria-label': 'Stock of a sku', novalidate: true, on: {submit: event => {
    event.preventDefault();
    const value = skuField.value.trim();
    if (value) {
      navigate(`#/stock/${encodeURIComponent(value)}`);
    }
  }}}, labelled('SKU', skuField), h('button', {type: 'submit', class: 'btn btn-primary'}, 'Show stock'));
  const panel = h('section', {class: 'stock-panel', 'aria-live': 'polite'});
  append(container, h('h1', {}, sku ? `Stock of ${sku}` : 'Stock'),
    h('p', {}, 'Stock is kept per SKU: available units can go into carts, reserved units are held by carts until they check out or expire.'),
    lookup, problemArea, panel);
  if (!sku) {
    const overview = stockOverview(problemArea);
    append(panel, overview.element);
    return overview.stop;
  }

  const [inventory, product, held] = await Promise.all([
    api.get(`/inventory/${seg(sku)}`).then(a => a.body).catch(e => (e.status === 404 ? null : Promise.reject(e))),
    api.get(`/products/${seg(sku)}`).then(a => a.body).catch(() => null),
    // Who holds the reserved units, and for how long: what to look at when a sku sells out without selling.
    api.get(`/admin/inventory/${seg(sku)}`).then(a => a.body).catch(() => null),
  ]).catch(e => {
    showProblem(problemArea, e);
    return [undefined, undefined, undefined];
  });
  if (inventory === undefined) {
    return;
  }
  // One report feeds every figure of the page: the live chart draws each sample it takes and hands
  // it to showReport, which fills the cards and the age bands from that same report. The cards used
  // to keep the first read (or the last change's answer) while the chart moved on, so after a sale
  // the page could say "Available 3" beside a legend of "available: 0".
  const cards = {
    available: h('dd', {dataset: {figure: 'available'}}),
    reserved: h('dd', {dataset: {figure: 'reserved'}}),
    sold: h('dd', {dataset: {figure: 'sold'}}),
  };
  const heldArea = h('div', {class: 'held-area'});
  let chart = null;
  let known = Boolean(inventory || held);
  if (held) {
    startChart(held);
  }
  render();
  showReport(held || inventory);
  return () => {
    if (chart) {
      chart.stop();
    }
  };

  function startChart(first) {
    chart = liveStockChart(sku, {first, onSample: showReport});
  }

  /** The figures of one report (the admin stock report, or a change's answer before the chart has one): cards and age bands. */
  function showReport(report) {
    if (!report) {
      return;
    }
    for (const [name, card] of Object.entries(cards)) {
      card.textContent = report[name] === undefined ? '–' : String(report[name]);
    }
    fill(heldArea, heldByAge(report));
  }

  /** The reserved units by how long ago each cart reserved them (setting the stock does not change them). */
  function heldByAge(report) {
    if (!report || !report.held_by_age) {
      return null;
    }
    return h('section', {class: 'held-by-age'},
      h('h2', {}, 'Reserved units by age'),
      h('p', {class: 'hint'}, `${report.holders} cart(s) hold ${report.reserved} unit(s); ${report.sold} sold.`),
      h('div', {class: 'table-wrap'}, h('table', {},
        h('thead', {}, h('tr', {}, ['Reserved', 'Units', 'Carts'].map(text => h('th', {scope: 'col'}, text)))),
        h('tbody', {}, report.held_by_age.map(band => h('tr', {dataset: {band: band.band}},
          h('th', {scope: 'row'}, `${band.band} ago`),
          h('td', {dataset: {figure: 'units'}}, String(band.units)),
          h('td', {dataset: {figure: 'carts'}}, String(band.carts))))))));
  }

  function render() {
    const setField = input({inputmode: 'numeric', value: inventory ? String(inventory.available) : ''});
    const restockField = input({inputmode: 'numeric'});
    const setForm = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      change(setForm, 'PUT', `/inventory/${seg(sku)}`, setField, qty => `Available stock of ${sku} set to ${qty}.`);
    }}}, labelled('Available units', setField, {field: 'qty', hint: '0 to 1,000,000; reservations are not touched'}),
    h('button', {type: 'submit', class: 'btn btn-primary'}, 'Set stock'));
    const restockForm = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      change(restockForm, 'POST', `/inventory/${seg(sku)}/restock`, restockField, qty => `Restocked ${sku} with ${qty}.`);
    }}}, labelled('Units to add', restockField, {field: 'qty', hint: '1 to 1,000,000'}),
    h('button', {type: 'submit', class: 'btn'}, 'Restock'));
    fill(panel,
      product ? productLine(product)
        : h('p', {class: 'warning'}, `No product ${sku} in the catalog. Stock can still be kept for it.`),
      known ? h('dl', {class: 'figures'},
        h('div', {}, h('dt', {}, 'Available'), cards.available),
        h('div', {}, h('dt', {}, 'Reserved in carts'), cards.reserved),
        h('div', {}, h('dt', {}, 'Sold'), cards.sold))
        : h('p', {class: 'notice-inline'}, `There is no stock record for ${sku} yet. Setting the stock creates it.`),
      chart ? h('h2', {}, 'Live: available, reserved, sold') : null, chart ? chart.element : null,
      heldArea,
      h('h2', {}, 'Set the available stock'), setForm,
      h('h2', {}, 'Restock'), restockForm,
      button('Refresh', {class: 'btn', on: {click: () => navigate(`#/stock/${encodeURIComponent(sku)}`)}}));
  }

  /** The product the sku is of: its title, and a variant's option values. */
  function productLine(productView) {
    const label = variantLabel(productView, sku);
    return h('p', {}, h('a', {href: `#/products/${encodeURIComponent(productView.sku)}`}, label.title),
      label.variant ? ` — ${label.variant}` : null, label.retired ? ' (retired)' : null, ` (${productView.type})`);
  }

  async function change(form, method, path, field, message) {
    clearMarks(form);
    hideProblem(problemArea);
    const text = field.value.trim();
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      const problem = localProblem('qty', `'qty' must be a whole number, not '${text}'`);
      showProblem(problemArea, problem);
      markFields(form, problem);
      return;
    }
    const qty = Number(text);
    try {
      const view = (await (method === 'PUT' ? api.put(path, {qty}) : api.post(path, {qty}))).body;
      if (chart) {
        await chart.sampleNow(); // the cards, the legend and the chart from one new report
      } else {
        known = true;
        startChart(null); // the record exists now: chart it from here on
        render();
        showReport(view);
      }
      announce(message(qty));
    } catch (e) {
      showProblem(problemArea, e);
      markFields(form, e);
    }
  }
}
