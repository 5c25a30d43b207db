// The axes of the console's charts: round tick values for a count (units, orders, minor units of
// money) and tick times for a span of time. Pure functions, no DOM: the views draw what these say,
// and Node's test runner checks them (src/test/js/chart-axes.test.mjs).

/**
 * Ticks from 0 to a round top at or above `max` (at least 1), about `count` steps of 1, 2 or 5 times a
 * power of ten, whole numbers only: {top, ticks: [0, step, …, top]}.
 */
export function integerTicks(max, count = 4) {
  const largest = Math.max(1, Math.ceil(Number(max) || 0));
  const raw = largest / Math.max(1, count);
  let step = 1;
  if (raw > 1) {
    const power = 10 ** Math.floor(Math.log10(raw));
    const scaled = raw / power;
    step = (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
  }
  const top = Math.ceil(largest / step) * step;
  const ticks = [];
  for (let value = 0; value <= top; value += step) {
    ticks.push(value);
  }
  return {top, ticks};
}

/** Steps between time ticks, in milliseconds, the first that gives at most the wanted count. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400].map(s => s * 1000);

/**
 * The tick times within [from, to] (epoch milliseconds): whole multiples of a round step (5 s, 30 s,
 * 1 min, 5 min…) chosen so that there are at most `count` of them: {step, ticks: [ms, …]}.
 */
export function timeTicks(from, to, count = 6) {
  const span = Math.max(1, to - from);
  const step = TIME_STEPS.find(candidate => span / candidate <= count) || TIME_STEPS[TIME_STEPS.length - 1];
  const ticks = [];
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) {
    ticks.push(at);
  }
  return {step, ticks};
}

/** The indexes of `n` evenly spaced items (days) to label so that at most `count` are labelled, the first always. */
export function labelledIndexes(n, count = 8) {
  if (n <= 0) {
    return [];
  }
  const every = Math.max(1, Math.ceil(n / Math.max(1, count)));
  const indexes = [];
  for (let i = 0; i < n; i += every) {
    indexes.push(i);
  }
  return indexes;
}

/** A clock time for a tick: "14:05" on a step of whole minutes, "14:05:30" otherwise, in UTC when `utc`. */
export function clockLabel(at, step, utc = false) {
  const date = new Date(at);
  const pad = n => String(n).padStart(2, '0');
  const [hours, minutes, seconds] = utc
    ? [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
    : [date.getHours(), date.getMinutes(), date.getSeconds()];
  return step % 60000 === 0 ? `${pad(hours)}:${pad(minutes)}` : `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}
