// The live chart of a sku's stock: the samples kept (a bounded ring), the chart's geometry with its
// axes (units up, clock time along) and the figures the page shows beside it. Pure functions, no
// DOM: what the chart, its legend and the page's cards show follows from the samples alone, so they
// can never disagree (src/test/js/stock-samples.test.mjs).

import {integerTicks, timeTicks} from './chart-axes.js';

/** Samples kept for the chart: at one every SAMPLE_EVERY_MS, about five minutes. */
export const KEPT_SAMPLES = 150;
/** How often the sku page samples the stock while it is open. */
export const SAMPLE_EVERY_MS = 2000;
/** The span of time the chart shows, ending at the newest sample. */
export const WINDOW_MS = KEPT_SAMPLES * SAMPLE_EVERY_MS;
/** The series drawn, in legend order. */
export const SERIES = ['available', 'reserved', 'sold'];

/** The samples with one more at the end, the oldest dropped past KEPT_SAMPLES. */
export function withSample(samples, sample, kept = KEPT_SAMPLES) {
  const next = samples.concat([sample]);
  return next.length > kept ? next.slice(next.length - kept) : next;
}

/** A sample of the admin stock report (GET /admin/inventory/{sku}) taken at `at`. */
export function sampleOf(report, at) {
  return {at, available: report.available, reserved: report.reserved, sold: report.sold};
}

/** The largest value of any series (at least 1, so that an empty store still has a scale). */
export function scaleMax(samples) {
  let max = 1;
  for (const sample of samples) {
    for (const name of SERIES) {
      max = Math.max(max, sample[name] || 0);
    }
  }
  return max;
}

/**
 * The figures of the newest sample as the page shows them (its cards, the legend, the chart's data
 * attributes): {available, reserved, sold} as text, '–' before the first sample.
 */
export function latestFigures(samples) {
  const last = samples[samples.length - 1];
  return Object.fromEntries(SERIES.map(name => [name, last && last[name] !== undefined ? String(last[name]) : '–']));
}

/**
 * The chart in a plot box of width × height: `points` per series (SVG polyline points; x by the
 * sample's time, the newest on the right edge, WINDOW_MS across; y from 0 at the bottom up to `top`),
 * the unit ticks `yTicks` [{value, y}] from 0 to a round `top`, and the time ticks `xTicks` [{at, x}]
 * on round clock times, `step` apart.
 */
export function chartGeometry(samples, width, height, windowMs = WINDOW_MS) {
  const newest = samples.length ? samples[samples.length - 1].at : 0;
  const from = newest - windowMs;
  const {top, ticks} = integerTicks(scaleMax(samples), 4);
  const xOf = at => width - ((newest - at) / windowMs) * width;
  const yOf = value => height - (value / top) * height;
  const points = {};
  for (const name of SERIES) {
    points[name] = samples.filter(sample => sample.at >= from)
      .map(sample => `${round(xOf(sample.at))},${round(yOf(sample[name] || 0))}`).join(' ');
  }
  const time = samples.length ? timeTicks(from, newest, 6) : {step: 60000, ticks: []};
  return {
    top,
    points,
    yTicks: ticks.map(value => ({value, y: round(yOf(value))})),
    step: time.step,
    xTicks: time.ticks.map(at => ({at, x: round(xOf(at))})),
  };
}

function round(value) {
  return Math.round(value * 10) / 10;
}
