// node --test: the sales chart's range, series, totals and axes (js/sales.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DEFAULT_DAYS, rangeOf, summaryQuery, currenciesOf, chosenCurrency, daysIn, totalsOf, salesGeometry, dayLabel}
  from '../../main/resources/META-INF/admin-console/js/sales.js';

const NOW = Date.UTC(2026, 11, 3, 17, 30);
const summary = {
  from: '2026-12-01T00:00:00Z', to: '2026-12-04T00:00:00Z',
  days: [
    {date: '2026-12-01', orders: 0, units: 0, revenue: {}},
    {date: '2026-12-02', orders: 2, units: 3, revenue: {USD: 3897, EUR: 1000}},
    {date: '2026-12-03', orders: 1, units: 1, revenue: {USD: 1299}},
  ],
  top_skus: [],
};

test('without a range: the last 30 UTC days, today included', () => {
  const range = rangeOf(new URLSearchParams(''), NOW);
  assert.deepEqual(range, {from: '2026-11-04', to: '2026-12-03'});
  assert.equal(DEFAULT_DAYS, 30);
  assert.equal(summaryQuery(range).toString(), 'from=2026-11-04&to=2026-12-04&limit=10', 'the API\'s to is excluded: the day after');
  assert.deepEqual(rangeOf(new URLSearchParams('to=2026-06-30'), NOW), {from: '2026-06-01', to: '2026-06-30'});
  assert.deepEqual(rangeOf(new URLSearchParams('from=2026-12-01&to=2026-12-02'), NOW), {from: '2026-12-01', to: '2026-12-02'});
});

test('currencies, the one sold most first; a day\'s revenue in one of them, 0 without', () => {
  assert.deepEqual(currenciesOf(summary), ['USD', 'EUR']);
  assert.deepEqual(currenciesOf({days: []}), []);
  assert.equal(chosenCurrency(summary, null), 'USD');
  assert.equal(chosenCurrency(summary, ' eur '), 'EUR', 'the one asked for');
  assert.equal(chosenCurrency(summary, 'GBP'), 'GBP', 'even when nothing sold in it: its bars are empty');
  assert.equal(chosenCurrency(summary, 'dollars'), 'USD', 'not a code: the one sold most');
  assert.equal(chosenCurrency({days: []}, ''), 'USD');
  assert.deepEqual(daysIn(summary, 'EUR').map(d => d.revenue), [0, 1000, 0]);
  assert.deepEqual(totalsOf(daysIn(summary, 'USD')), {orders: 3, units: 4, revenue: 5196});
});

test('bars on a round money scale, labelled in the currency; dates along, never shifted by the time zone', () => {
  const days = daysIn(summary, 'USD');
  const geometry = salesGeometry(days, 'USD', 300, 100, {locale: 'en-US'});
  assert.equal(geometry.top, 4000, '$38.97 at most: a scale to $40.00');
  assert.deepEqual(geometry.yTicks.map(t => t.label), ['$0.00', '$10.00', '$20.00', '$30.00', '$40.00']);
  assert.deepEqual(geometry.yTicks.map(t => t.y), [100, 75, 50, 25, 0]);
  assert.equal(geometry.bars.length, 3);
  assert.deepEqual(geometry.bars.map(b => b.height), [0, 97.4, 32.5]);
  assert.deepEqual(geometry.bars.map(b => b.x), [15, 115, 215]);
  assert.ok(geometry.bars.every(b => b.y + b.height === 100), 'bars stand on the axis');
  assert.deepEqual(geometry.xTicks.map(t => t.label), ['Dec 1', 'Dec 2', 'Dec 3']);
  assert.equal(dayLabel('2026-01-01', 'en-US'), 'Jan 1');
});

test('yen has no minor digits: the scale is whole yen', () => {
  const geometry = salesGeometry([{date: '2026-12-03', orders: 1, units: 1, revenue: 1500}], 'JPY', 100, 100, {locale: 'en-US'});
  assert.equal(geometry.top, 1500);
  assert.deepEqual(geometry.yTicks.map(t => t.label), ['¥0', '¥500', '¥1,000', '¥1,500']);
});

test('a range without sales still has an axis from 0', () => {
  const geometry = salesGeometry(daysIn({days: [{date: '2026-12-03', orders: 0, units: 0, revenue: {}}]}, 'USD'), 'USD', 100, 100, {locale: 'en-US'});
  assert.equal(geometry.top, 1);
  assert.equal(geometry.yTicks[0].label, '$0.00');
});
