// Sales over a range of UTC days (the last 30 without one): per day revenue as bars with axes
// (money of the chosen currency up, dates along), the range's totals, a table of the days (orders,
// units, revenue) and the skus that sold the most units. Every figure on the page comes from the
// one summary the chart draws (GET /api/admin/orders/summary).

import {api} from '../api.js';
import {h, labelled, input, append, fill} from '../dom.js';
import {showProblem, markFields} from '../problems.js';
import {display} from '../money.js';
import {MAX_DAYS, rangeOf, summaryQuery, currenciesOf, chosenCurrency, daysIn, totalsOf, salesGeometry, dayLabel} from '../sales.js';
import {svg} from './svg.js';

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = {left: 84, right: 14, top: 12, bottom: 46};

export async function salesView(container, {query, navigate}) {
  const range = rangeOf(query, Date.now());
  const problemArea = h('div', {hidden: true});
  const form = rangeForm(range, query, navigate);
  const area = h('section', {class: 'sales', 'aria-live': 'polite', dataset: {state: 'loading'}}, h('p', {class: 'muted'}, 'Loading…'));
  append(container, h('div', {class: 'title-row'}, h('h1', {}, 'Sales'), h('a', {class: 'btn', href: '#/orders'}, 'Orders')),
    h('p', {}, `Orders placed per UTC day, cancelled ones left out; at most ${MAX_DAYS} days at a time.`),
    form, problemArea, area);
  let summary;
  try {
    summary = (await api.get('/admin/orders/summary', summaryQuery(range, 10))).body;
  } catch (e) {
    fill(area, h('p', {class: 'muted'}, 'No sales shown: the summary was refused.'));
    area.dataset.state = 'refused';
    showProblem(problemArea, e);
    markFields(form, e);
    return;
  }
  const currencies = currenciesOf(summary);
  const currency = chosenCurrency(summary, query.get('currency'));
  const days = daysIn(summary, currency);
  const totals = totalsOf(days);
  area.dataset.state = 'shown';
  area.dataset.currency = currency;
  fill(area,
    h('dl', {class: 'figures'},
      h('div', {}, h('dt', {}, 'Orders'), h('dd', {dataset: {figure: 'orders'}}, String(totals.orders))),
      h('div', {}, h('dt', {}, 'Units'), h('dd', {dataset: {figure: 'units'}}, String(totals.units))),
      h('div', {}, h('dt', {}, `Revenue (${currency})`), h('dd', {dataset: {figure: 'revenue'}}, display(totals.revenue, currency)))),
    currencies.some(c => c !== currency) ? h('p', {class: 'hint'}, `Also sold in ${currencies.filter(c => c !== currency).join(', ')}: pick the currency above.`) : null,
    h('figure', {class: 'sales-chart', dataset: {days: String(days.length)}},
      chart(days, currency),
      h('figcaption', {}, `Revenue per UTC day in ${currency}, ${dayLabel(range.from)} to ${dayLabel(range.to)}.`)),
    h('h2', {}, 'Per day'),
    daysTable(days, currency),
    h('h2', {}, 'Top skus'),
    topTable(summary.top_skus));
}

function rangeForm(range, query, navigate) {
  const form = h('form', {class: 'inline-form filters', novalidate: true, 'aria-label': 'Range of the sales', on: {submit: event => {
    event.preventDefault();
    const address = new URLSearchParams();
    for (const name of ['from', 'to', 'currency']) {
      const value = form.elements[name].value.trim();
      if (value) {
        address.set(name, value);
      }
    }
    navigate(`#/sales?${address}`);
  }}},
  labelled('From', input({name: 'from', type: 'date', value: range.from}), {field: 'from', hint: 'A UTC day, included'}),
  labelled('To', input({name: 'to', type: 'date', value: range.to}), {field: 'to', hint: 'A UTC day, included'}),
  labelled('Currency', input({name: 'currency', value: query.get('currency') || '', placeholder: 'the one sold most'}),
    {hint: 'ISO 4217, e.g. USD'}),
  h('button', {type: 'submit', class: 'btn btn-primary'}, 'Show'));
  return form;
}

function chart(days, currency) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const geometry = salesGeometry(days, currency, plotWidth, plotHeight);
  const root = svg('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': `Revenue per day in ${currency}; the table below lists the same figures`});
  const plot = svg('g', {transform: `translate(${MARGIN.left},${MARGIN.top})`});
  const yAxis = svg('g', {class: 'axis axis-y'});
  for (const tick of geometry.yTicks) {
    yAxis.append(svg('line', {class: 'grid-line', x1: 0, x2: plotWidth, y1: tick.y, y2: tick.y}),
      svg('text', {class: 'tick-label', x: -6, y: tick.y + 4, 'text-anchor': 'end', 'data-value': tick.value}, tick.label));
  }
  yAxis.append(svg('line', {class: 'axis-line', x1: 0, x2: 0, y1: 0, y2: plotHeight}),
    svg('text', {class: 'axis-title', transform: `translate(${-72},${plotHeight / 2}) rotate(-90)`, 'text-anchor': 'middle'},
      `revenue (${currency})`));
  const bars = svg('g', {class: 'bars'});
  for (const bar of geometry.bars) {
    const rect = svg('rect', {x: bar.x, y: bar.y, width: bar.width, height: bar.height, 'data-date': bar.date,
      'data-revenue': bar.revenue, 'data-orders': bar.orders, 'data-units': bar.units});
    rect.append(svg('title', {}, `${bar.date}: ${display(bar.revenue, currency)}, ${bar.orders} order(s), ${bar.units} unit(s)`));
    bars.append(rect);
  }
  const xAxis = svg('g', {class: 'axis axis-x', transform: `translate(0,${plotHeight})`});
  xAxis.append(svg('line', {class: 'axis-line', x1: 0, x2: plotWidth, y1: 0, y2: 0}));
  for (const tick of geometry.xTicks) {
    xAxis.append(svg('line', {class: 'tick', x1: tick.x, x2: tick.x, y1: 0, y2: 5}),
      svg('text', {class: 'tick-label', x: tick.x, y: 18, 'text-anchor': 'middle', 'data-date': tick.date}, tick.label));
  }
  xAxis.append(svg('text', {class: 'axis-title', x: plotWidth / 2, y: 38, 'text-anchor': 'middle'}, 'day (UTC)'));
  plot.append(yAxis, bars, xAxis);
  root.append(plot);
  return root;
}

function daysTable(days, currency) {
  const sold = days.filter(day => day.orders > 0);
  if (!sold.length) {
    return h('p', {class: 'hint'}, 'No orders in this range.');
  }
  return h('div', {class: 'table-wrap'}, h('table', {class: 'sales-days'},
    h('thead', {}, h('tr', {}, ['Day (UTC)', 'Orders', 'Units', `Revenue (${currency})`].map(text => h('th', {scope: 'col'}, text)))),
    h('tbody', {}, sold.slice().reverse().map(day => h('tr', {dataset: {date: day.date}},
      h('th', {scope: 'row'}, day.date),
      h('td', {class: 'num', dataset: {figure: 'orders'}}, String(day.orders)),
      h('td', {class: 'num', dataset: {figure: 'units'}}, String(day.units)),
      h('td', {class: 'num', dataset: {figure: 'revenue'}}, display(day.revenue, currency)))))));
}

function topTable(top) {
  if (!top || !top.length) {
    return h('p', {class: 'hint'}, 'Nothing sold in this range.');
  }
  return h('div', {class: 'table-wrap'}, h('table', {class: 'top-skus'},
    h('thead', {}, h('tr', {}, ['SKU', 'Product', 'Units', 'Revenue'].map(text => h('th', {scope: 'col'}, text)))),
    h('tbody', {}, top.map(row => h('tr', {dataset: {sku: row.sku}},
      h('th', {scope: 'row'}, h('a', {href: `#/orders?sku=${encodeURIComponent(row.sku)}`}, row.sku)),
      h('td', {}, row.title),
      h('td', {class: 'num', dataset: {figure: 'units'}}, String(row.units)),
      h('td', {class: 'num', dataset: {figure: 'revenue'}},
        Object.entries(row.revenue).map(([currency, amount]) => display(amount, currency)).join(', ')))))));
}
