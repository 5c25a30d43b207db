// The Orders page's logic, apart from the page: the address (#/orders?status=placed&from=…&sku=…),
// the query of GET /api/admin/orders and of its export built from it, the pages before and after
// (the API's cursors only go forward, so the address keeps the cursors of the pages before), dates,
// and what an order's lines and history read as. Pure: no DOM, no fetch
// (src/test/js/orders.test.mjs).

/** An order's statuses, as the API names them. */
export const STATUSES = ['placed', 'fulfilled', 'cancelled'];
/** The filters of the list, named as the address and the API name them. */
export const FILTERS = ['status', 'from', 'to', 'sku'];
/** Page sizes offered; the API takes 1 to 100 and answers 20 without one. */
export const PAGE_SIZES = ['10', '20', '50', '100'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a calendar date 'YYYY-MM-DD' that exists. */
export function isDate(text) {
  if (!DATE.test(text || '')) {
    return false;
  }
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The UTC day `days` after a date 'YYYY-MM-DD' (before, for a negative count). */
export function addDays(text, days) {
  const date = new Date(`${text}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The UTC date of a time (epoch milliseconds or a Date): 'YYYY-MM-DD'. */
export function utcDate(at) {
  return new Date(at).toISOString().slice(0, 10);
}

/** The first value of a parameter, trimmed ('' when absent). */
function one(address, name) {
  return (address.get(name) || '').trim();
}

/**
 * The query of GET /api/admin/orders for a page address. The page's dates are whole UTC days, both
 * included; the API's `to` is excluded, so it gets the day after. A value that is no date is sent
 * as typed, for the API to name the field it refuses.
 */
export function listQuery(address) {
  const query = exportQuery(address);
  const limit = one(address, 'limit');
  if (limit) {
    query.set('limit', limit);
  }
  const cursor = one(address, 'cursor');
  if (cursor) {
    query.set('cursor', cursor);
  }
  return query;
}

/** The query of GET /api/admin/orders/export: the list's filters, no page. */
export function exportQuery(address) {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = one(address, name);
    if (value) {
      query.set(name, name === 'to' && isDate(value) ? addDays(value, 1) : value);
    }
  }
  return query;
}

/** The page address of the filter form's values (the first page: no cursor). */
export function filterAddress(values) {
  const address = new URLSearchParams();
  for (const name of [...FILTERS, 'limit']) {
    const value = String(values[name] || '').trim();
    if (value && !(name === 'limit' && value === '20')) {
      address.set(name, value);
    }
  }
  return address;
}

/** The hash of a page address. */
export function hashOf(address) {
  const text = address.toString();
  return text ? `#/orders?${text}` : '#/orders';
}

/**
 * The address of the next page: its cursor, with the current page's cursor ('' for the first page)
 * pushed on `back`, so that Previous can return to it.
 */
export function nextAddress(address, next) {
  const result = new URLSearchParams(address);
  const backs = address.getAll('back');
  result.delete('back');
  result.delete('cursor');
  for (const back of [...backs, one(address, 'cursor')]) {
    result.append('back', back);
  }
  result.set('cursor', next);
  return result;
}

/** The address of the previous page, or null on the first: the last cursor on `back`. */
export function previousAddress(address) {
  const backs = address.getAll('back');
  if (!one(address, 'cursor')) {
    return null;
  }
  const result = new URLSearchParams(address);
  result.delete('back');
  result.delete('cursor');
  const previous = backs.length ? backs[backs.length - 1] : '';
  for (const back of backs.slice(0, -1)) {
    result.append('back', back);
  }
  if (previous) {
    result.set('cursor', previous);
  }
  return result;
}

/** The address of the first page with the same filters. */
export function firstAddress(address) {
  const result = new URLSearchParams(address);
  result.delete('back');
  result.delete('cursor');
  return result;
}

/** The number of the page an address shows, from 1. */
export function pageNumber(address) {
  return one(address, 'cursor') ? Math.max(2, address.getAll('back').length + 1) : 1;
}

/** A line's option values as read: 'size M, colour black' ('' without options). */
export function optionsText(options) {
  return Object.entries(options || {}).map(([name, value]) => `${name} ${value}`).join(', ');
}

/** What can be done to an order in its status: a placed order can be fulfilled or cancelled, no other. */
export function actionsFor(order) {
  const placed = order && order.status === 'placed';
  return {fulfil: placed, cancel: placed};
}

/** The name of an export file of the orders: 'orders-2026-12-03.ndjson', or with its filters' status. */
export function exportName(address, today) {
  const status = one(address, 'status');
  return `orders-${status ? status + '-' : ''}${today}.ndjson`;
}

/** A short summary of an order's lines: 'Kind of Blue × 2, Moanin' × 1' (the first `count`, then '+ n more'). */
export function linesSummary(lines, count = 2) {
  const shown = (lines || []).slice(0, count).map(line => `${line.title} × ${line.qty}`);
  const more = (lines || []).length - shown.length;
  return more > 0 ? `${shown.join(', ')} + ${more} more` : shown.join(', ');
}

/** The words for the confirmation of an action on an order. */
export function confirmation(action, order) {
  if (action === 'cancel') {
    return {
      title: `Cancel order ${order.number}?`,
      message: `Its ${order.total_units} unit(s) go back to stock and its payment (${order.payment.charge_id}) is refunded. `
        + 'A cancelled order cannot be fulfilled.',
      confirmText: 'Cancel the order',
      danger: true,
    };
  }
  return {
    title: `Mark order ${order.number} fulfilled?`,
    message: 'Say so once its goods have left. A fulfilled order cannot be cancelled.',
    confirmText: 'Mark fulfilled',
    danger: false,
  };
}
