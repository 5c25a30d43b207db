// node --test: the Orders page's address, queries, pages and words (js/orders.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isDate, addDays, utcDate, listQuery, exportQuery, filterAddress, hashOf, nextAddress, previousAddress, firstAddress,
  pageNumber, optionsText, actionsFor, exportName, linesSummary, confirmation}
  from '../../main/resources/META-INF/admin-console/js/orders.js';

const address = text => new URLSearchParams(text);

test('dates: real calendar days only, days added in UTC across months and years', () => {
  assert.ok(isDate('2026-12-03'));
  assert.ok(isDate('2028-02-29'));
  assert.ok(!isDate('2026-02-29'), 'no 29 February in 2026');
  assert.ok(!isDate('2026-12-3'));
  assert.ok(!isDate(''));
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(utcDate(Date.UTC(2026, 11, 3, 23, 59)), '2026-12-03');
});

test('the list query: the filters, the page size and the cursor; the page\'s last day included', () => {
  const query = listQuery(address('status=placed&from=2026-12-01&to=2026-12-03&sku=kind-of-blue&limit=50&cursor=abc&back='));
  assert.equal(query.toString(), 'status=placed&from=2026-12-01&to=2026-12-04&sku=kind-of-blue&limit=50&cursor=abc');
  assert.equal(listQuery(address('')).toString(), '', 'no filter: the API\'s first page of 20');
  assert.equal(listQuery(address('to=yesterday&sku=+x+')).toString(), 'to=yesterday&sku=x',
    'a value that is no date goes as typed, for the API to name the field');
});

test('the export query: the same filters, never the page', () => {
  assert.equal(exportQuery(address('status=cancelled&to=2026-12-31&limit=10&cursor=abc&back=')).toString(),
    'status=cancelled&to=2027-01-01');
});

test('the filter form\'s values become a first-page address, the default page size left out', () => {
  const result = filterAddress({status: 'placed', from: '', to: '2026-12-03', sku: ' tee-m ', limit: '20'});
  assert.equal(result.toString(), 'status=placed&to=2026-12-03&sku=tee-m');
  assert.equal(hashOf(result), '#/orders?status=placed&to=2026-12-03&sku=tee-m');
  assert.equal(hashOf(filterAddress({limit: '50'})), '#/orders?limit=50');
  assert.equal(hashOf(filterAddress({})), '#/orders');
});

test('next, next, previous, previous: back to the first page with the filters kept', () => {
  const first = address('status=placed');
  assert.equal(pageNumber(first), 1);
  assert.equal(previousAddress(first), null, 'no page before the first');
  const second = nextAddress(first, 'c1');
  assert.equal(second.toString(), 'status=placed&back=&cursor=c1');
  assert.equal(pageNumber(second), 2);
  const third = nextAddress(second, 'c2');
  assert.equal(third.toString(), 'status=placed&back=&back=c1&cursor=c2');
  assert.equal(pageNumber(third), 3);
  const backToSecond = previousAddress(third);
  assert.equal(backToSecond.toString(), 'status=placed&back=&cursor=c1');
  const backToFirst = previousAddress(backToSecond);
  assert.equal(backToFirst.toString(), 'status=placed');
  assert.equal(firstAddress(third).toString(), 'status=placed');
});

test('a bookmarked page without its earlier cursors still goes back, to the first page', () => {
  const bookmarked = address('cursor=c9');
  assert.equal(pageNumber(bookmarked), 2);
  assert.equal(previousAddress(bookmarked).toString(), '');
});

test('a line\'s options, the lines in short', () => {
  assert.equal(optionsText({size: 'M', colour: 'black'}), 'size M, colour black');
  assert.equal(optionsText({}), '');
  assert.equal(optionsText(undefined), '');
  const lines = [{title: 'Kind of Blue', qty: 2}, {title: 'Moanin\'', qty: 1}, {title: 'Tee', qty: 3}];
  assert.equal(linesSummary(lines.slice(0, 1)), 'Kind of Blue × 2');
  assert.equal(linesSummary(lines), 'Kind of Blue × 2, Moanin\' × 1 + 1 more');
});

test('only a placed order can be fulfilled or cancelled', () => {
  assert.deepEqual(actionsFor({status: 'placed'}), {fulfil: true, cancel: true});
  assert.deepEqual(actionsFor({status: 'fulfilled'}), {fulfil: false, cancel: false});
  assert.deepEqual(actionsFor({status: 'cancelled'}), {fulfil: false, cancel: false});
});

test('the export file is named after the status and the day', () => {
  assert.equal(exportName(address(''), '2026-12-03'), 'orders-2026-12-03.ndjson');
  assert.equal(exportName(address('status=placed'), '2026-12-03'), 'orders-placed-2026-12-03.ndjson');
});

test('the confirmations say what each action does and that it is final', () => {
  const order = {number: 100001, total_units: 3, payment: {charge_id: 'ch_1'}};
  const cancel = confirmation('cancel', order);
  assert.equal(cancel.title, 'Cancel order 100001?');
  assert.match(cancel.message, /3 unit\(s\) go back to stock/);
  assert.match(cancel.message, /ch_1/);
  assert.equal(cancel.danger, true);
  const fulfil = confirmation('fulfil', order);
  assert.equal(fulfil.confirmText, 'Mark fulfilled');
  assert.match(fulfil.message, /cannot be cancelled/);
});
