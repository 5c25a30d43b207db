// The sales chart's logic, apart from the page: the default range, the days of a summary (GET
// /api/admin/orders/summary) in one currency, the totals beside the chart and the chart's geometry
// with its axes (money of that currency up, dates along). Amounts stay integer minor units; only
// the labels go through js/money.js. Pure: no DOM, no fetch (src/test/js/sales.test.mjs).

import {integerTicks, labelledIndexes} from './chart-axes.js';
import {display} from './money.js';
import {addDays, isDate, utcDate} from './orders.js';

/** The days the chart shows without a range in the address: the last 30, today (UTC) included. */
export const DEFAULT_DAYS = 30;
/** The longest range the summary takes, in days. */
export const MAX_DAYS = 366;

/** The page's range: `from` and `to` dates (both included) from the address, else the last DEFAULT_DAYS days up to today. */
export function rangeOf(address, now) {
  const today = utcDate(now);
  const to = (address.get('to') || '').trim() || today;
  const from = (address.get('from') || '').trim() || (isDate(to) ? addDays(to, 1 - DEFAULT_DAYS) : addDays(today, 1 - DEFAULT_DAYS));
  return {from, to};
}

/** The summary's query for a range of whole days, both included (the API's `to` is excluded: the day after). */
export function summaryQuery({from, to}, limit = 10) {
  return new URLSearchParams({from, to: isDate(to) ? addDays(to, 1) : to, limit: String(limit)});
}

/** The currencies of a summary's revenue, the one that sold the most first (ties by code). */
export function currenciesOf(summary) {
  const totals = new Map();
  for (const day of summary.days || []) {
    for (const [currency, amount] of Object.entries(day.revenue || {})) {
      totals.set(currency, (totals.get(currency) || 0) + amount);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/**
 * The currency the chart shows: the one asked for (an ISO 4217 code, in any case) even when nothing
 * sold in it, else the one that sold most, else USD.
 */
export function chosenCurrency(summary, asked) {
  const code = (asked || '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : (currenciesOf(summary)[0] || 'USD');
}

/** The days of a summary with the revenue in one currency (0 on a day without it). */
export function daysIn(summary, currency) {
  return (summary.days || []).map(day => ({date: day.date, orders: day.orders, units: day.units,
    revenue: (day.revenue || {})[currency] || 0}));
}

/** The range's totals: orders, units (every currency) and revenue in the currency. */
export function totalsOf(days) {
  return days.reduce((sum, day) => ({orders: sum.orders + day.orders, units: sum.units + day.units,
    revenue: sum.revenue + day.revenue}), {orders: 0, units: 0, revenue: 0});
}

/** Revenue in minor units as the page shows it: '$1,299.00'. */
export function moneyLabel(minor, currency, locale) {
  return display(minor, currency, locale);
}

/**
 * The bars of the days' revenue in a plot box of width × height: `bars` [{date, x, y, width,
 * height, revenue, orders, units}], `yTicks` [{value, y, label}] from 0 to a round `top` of minor
 * units, labelled as money of the currency, and `xTicks` [{date, x, label}] on at most `count` days
 * (the label: 'Dec 3', the month and day of the UTC date).
 */
export function salesGeometry(days, currency, width, height, {count = 8, locale} = {}) {
  const {top, ticks} = integerTicks(Math.max(1, ...days.map(day => day.revenue)), 4);
  const slot = days.length ? width / days.length : width;
  const barWidth = Math.max(1, slot * 0.7);
  const yOf = value => height - (value / top) * height;
  const bars = days.map((day, i) => ({...day, x: round(i * slot + (slot - barWidth) / 2), y: round(yOf(day.revenue)),
    width: round(barWidth), height: round(height - yOf(day.revenue))}));
  return {
    top,
    bars,
    yTicks: ticks.map(value => ({value, y: round(yOf(value)), label: moneyLabel(value, currency, locale)})),
    xTicks: labelledIndexes(days.length, count).map(i => ({date: days[i].date, x: round(i * slot + slot / 2),
      label: dayLabel(days[i].date, locale)})),
  };
}

/** 'Dec 3' for '2026-12-03' (the date as it is, never shifted by the reader's time zone). */
export function dayLabel(date, locale) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, {month: 'short', day: 'numeric', timeZone: 'UTC'});
}

function round(value) {
  return Math.round(value * 10) / 10;
}
