// Orders, as the merchant sees them: the list newest first, filtered by status, placing date and
// sku, a page at a time (the filters and the page in the address: bookmarks, Back); one order with
// its lines as sold, totals, payment and history; its fulfilment and its cancel, each confirmed
// first; and the NDJSON export of the orders the filters select.

import {api, seg, download} from '../api.js';
import {h, labelled, input, select, button, append, fill, formatDateTime, focus} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {confirmDialog} from '../dialog.js';
import {display} from '../money.js';
import {readAll, save, today, formatBytes} from '../downloads.js';
import {STATUSES, PAGE_SIZES, listQuery, exportQuery, filterAddress, hashOf, nextAddress, previousAddress, firstAddress,
  pageNumber, optionsText, actionsFor, exportName, linesSummary, confirmation} from '../orders.js';

const NDJSON = 'application/x-ndjson';

export async function orderListView(container, {query, navigate}) {
  const form = filterForm(query, navigate);
  const problemArea = h('div', {hidden: true});
  const results = h('section', {class: 'orders-results', 'aria-labelledby': 'orders-heading', dataset: {state: 'loading'}},
    h('h2', {id: 'orders-heading'}, 'Newest first'), h('p', {class: 'muted', role: 'status'}, 'Loading…'));
  append(container, h('div', {class: 'title-row'}, h('h1', {}, 'Orders'), h('a', {class: 'btn', href: '#/sales'}, 'Sales chart')),
    form, exportBox(query), problemArea, results);
  try {
    const page = (await api.get('/admin/orders', listQuery(query))).body;
    fill(results, h('h2', {id: 'orders-heading'}, 'Newest first'),
      h('p', {class: 'muted', role: 'status'}, pageStatus(page, query)),
      page.items.length ? orderTable(page.items) : null,
      pager(page.next, query));
    results.dataset.state = 'shown';
    results.dataset.query = listQuery(query).toString();
  } catch (e) {
    fill(results, h('h2', {id: 'orders-heading'}, 'Newest first'), h('p', {class: 'muted'}, 'No orders shown: the list was refused.'));
    results.dataset.state = 'refused';
    showProblem(problemArea, e);
    markFields(form, e);
  }
}

function filterForm(query, navigate) {
  const value = name => query.get(name) || '';
  const form = h('form', {class: 'filters', role: 'search', 'aria-label': 'Filter orders', novalidate: true, on: {submit: event => {
    event.preventDefault();
    clearMarks(form);
    const values = Object.fromEntries(['status', 'from', 'to', 'sku', 'limit'].map(name => [name, form.elements[name].value]));
    navigate(hashOf(filterAddress(values)));
  }}},
  h('div', {class: 'grid'},
    labelled('Status', select([['', 'Any status'], ...STATUSES.map(s => [s, s])], {name: 'status', value: value('status')}), {field: 'status'}),
    labelled('Placed from', input({name: 'from', type: 'date', value: value('from')}), {field: 'from', hint: 'A UTC day, included'}),
    labelled('Placed to', input({name: 'to', type: 'date', value: value('to')}), {field: 'to', hint: 'A UTC day, included'}),
    labelled('SKU', input({name: 'sku', value: value('sku')}), {field: 'sku', hint: 'Orders with a line of this sku'}),
    labelled('Per page', select(PAGE_SIZES, {name: 'limit', value: value('limit') || '20'}), {field: 'limit'})),
  h('div', {class: 'actions'},
    h('button', {type: 'submit', class: 'btn btn-primary'}, 'Filter'),
    h('a', {class: 'btn', href: '#/orders'}, 'Clear filters')));
  return form;
}

function pageStatus(page, query) {
  const number = pageNumber(query);
  const count = page.items.length;
  if (!count) {
    return number > 1 ? `Page ${number}: no more orders.` : 'No orders match these filters.';
  }
  return `Page ${number}: ${count} order${count === 1 ? '' : 's'}${page.next ? ', more on the next page' : ''}.`;
}

function orderTable(orders) {
  return h('div', {class: 'table-wrap'}, h('table', {class: 'orders'},
    h('thead', {}, h('tr', {}, ['Order', 'Placed', 'Status', 'Lines', 'Units', 'Total'].map(text => h('th', {scope: 'col'}, text)))),
    h('tbody', {}, orders.map(order => h('tr', {dataset: {number: String(order.number), status: order.status}},
      h('th', {scope: 'row'}, h('a', {href: `#/orders/${order.number}`}, String(order.number))),
      h('td', {}, formatDateTime(order.placed_at)),
      h('td', {}, statusBadge(order.status)),
      h('td', {}, linesSummary(order.lines)),
      h('td', {class: 'num'}, String(order.total_units)),
      h('td', {class: 'num', dataset: {figure: 'total'}}, display(order.total_amount, order.currency)))))));
}

function statusBadge(status) {
  return h('span', {class: `state state-order-${status}`, dataset: {status}}, status);
}

/** Previous / Next page (and First page past the second): plain links to addresses, so they are bookmarks too. */
function pager(next, query) {
  const previous = previousAddress(query);
  return h('nav', {class: 'pager', 'aria-label': 'Pages'},
    pageNumber(query) > 2 ? h('a', {class: 'btn', href: hashOf(firstAddress(query))}, 'First page') : null,
    previous ? h('a', {class: 'btn', href: hashOf(previous), rel: 'prev'}, 'Previous page') : null,
    next ? h('a', {class: 'btn', href: hashOf(nextAddress(query, next)), rel: 'next'}, 'Next page') : null);
}

/** The export of the orders the filters select, read with the token and saved through a Blob. */
function exportBox(query) {
  const status = h('p', {class: 'export-status', role: 'status'});
  const problemArea = h('div', {hidden: true});
  const exportButton = button('Export orders', {class: 'btn', on: {click: async () => {
    hideProblem(problemArea);
    exportButton.disabled = true;
    try {
      fill(status, 'Exporting…');
      const selected = exportQuery(query).toString();
      const response = await download(`/admin/orders/export${selected ? '?' + selected : ''}`, NDJSON);
      const {blob, lines} = await readAll(response, received => fill(status, `Exporting… ${formatBytes(received)} received`));
      const name = exportName(query, today());
      save(blob, name);
      fill(status, `Exported ${lines} order${lines === 1 ? '' : 's'} (${formatBytes(blob.size)}) as ${name}.`);
    } catch (e) {
      fill(status);
      showProblem(problemArea, e);
    } finally {
      exportButton.disabled = false;
    }
  }}});
  return h('div', {class: 'export-box'}, exportButton,
    h('span', {class: 'hint'}, ' The orders these filters select, one JSON a line (NDJSON), newest first.'), status, problemArea);
}

export async function orderView(container, {params, announce}) {
  const number = params[0];
  const problemArea = h('div', {hidden: true});
  const body = h('div', {class: 'order'});
  append(container, h('p', {class: 'back'}, h('a', {href: '#/orders'}, '← Orders')), h('h1', {}, `Order ${number}`), problemArea, body);
  let order;
  try {
    order = (await api.get(`/admin/orders/${seg(number)}`)).body;
  } catch (e) {
    showProblem(problemArea, e);
    return;
  }
  show(order);

  function show(current) {
    order = current;
    body.dataset.status = order.status;
    const actions = actionsFor(order);
    fill(body,
      h('p', {}, statusBadge(order.status), ` Placed ${formatDateTime(order.placed_at)}`),
      actions.fulfil || actions.cancel ? h('div', {class: 'actions'},
        actions.fulfil ? button('Fulfil', {class: 'btn btn-primary', on: {click: () => act('fulfil')}}) : null,
        actions.cancel ? button('Cancel order', {class: 'btn btn-danger', on: {click: () => act('cancel')}}) : null) : null,
      h('h2', {}, 'Lines as sold'),
      linesTable(order),
      h('h2', {}, 'Payment'),
      h('dl', {class: 'facts'},
        h('dt', {}, 'Method'), h('dd', {}, order.payment.method),
        h('dt', {}, 'Charge'), h('dd', {}, h('code', {}, order.payment.charge_id)),
        h('dt', {}, 'Refund'), h('dd', {dataset: {figure: 'refund'}}, refundText(order.payment.refund, order))),
      h('h2', {}, 'History'),
      h('ol', {class: 'history'}, order.history.map(change => h('li', {dataset: {status: change.status}},
        statusBadge(change.status), ' ', h('time', {datetime: change.at}, formatDateTime(change.at))))));
  }

  async function act(action) {
    hideProblem(problemArea);
    if (!await confirmDialog(confirmation(action, order))) {
      return;
    }
    try {
      show((await api.post(`/admin/orders/${seg(number)}/${action}`)).body);
      announce(action === 'cancel' ? `Order ${number} cancelled: its units are back in stock and its payment refunded.`
        : `Order ${number} marked fulfilled.`);
    } catch (e) {
      showProblem(problemArea, e, e.status === 409 ? 'The order changed since this page showed it; it is shown as it is now.' : undefined);
      focus(problemArea);
      try {
        show((await api.get(`/admin/orders/${seg(number)}`)).body);
      } catch (ignored) {
        // the problem above says what went wrong; the page keeps what it showed
      }
    }
  }
}

function linesTable(order) {
  const money = amount => display(amount, order.currency);
  return h('div', {class: 'table-wrap'}, h('table', {class: 'order-lines'},
    h('thead', {}, h('tr', {}, ['SKU', 'Product', 'Unit price', 'Qty', 'Line total', 'Back in stock'].map(text => h('th', {scope: 'col'}, text)))),
    h('tbody', {}, order.lines.map(line => h('tr', {dataset: {sku: line.sku}},
      h('td', {}, h('a', {href: `#/stock/${encodeURIComponent(line.sku)}`}, line.sku)),
      h('td', {}, line.title, optionsText(line.options) ? h('span', {class: 'muted', dataset: {figure: 'options'}}, ` (${optionsText(line.options)})`) : null),
      h('td', {class: 'num', dataset: {figure: 'unit-price'}}, money(line.unit_price)),
      h('td', {class: 'num', dataset: {figure: 'qty'}}, String(line.qty)),
      h('td', {class: 'num', dataset: {figure: 'line-total'}}, money(line.line_total)),
      h('td', {}, line.returned ? 'yes' : 'no')))),
    h('tfoot', {}, h('tr', {},
      h('th', {scope: 'row', colspan: '3'}, 'Total'),
      h('td', {class: 'num', dataset: {figure: 'total-units'}}, String(order.total_units)),
      h('td', {class: 'num', dataset: {figure: 'total-amount'}}, money(order.total_amount)),
      h('td', {}, order.currency)))));
}

function refundText(refund, order) {
  if (!refund) {
    return order.status === 'cancelled' ? 'Not answered yet by the payment gateway' : 'None';
  }
  return refund.state === 'refunded' ? `Refunded (${refund.id}) ${formatDateTime(refund.at)}`
    : `Declined: ${refund.reason || 'no reason given'} (${formatDateTime(refund.at)})`;
}
