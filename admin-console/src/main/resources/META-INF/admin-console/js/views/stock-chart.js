// A live chart of one sku's available, reserved and sold units, sampled from the admin stock report
// while the page is open, so that a merchant can watch a drop happen. Each sample is handed to the
// page too (onSample), so the page's cards, the legend and the chart always show the same report.

import {api, seg} from '../api.js';
import {h, fill} from '../dom.js';
import {latestOnly} from '../timing.js';
import {clockLabel} from '../chart-axes.js';
import {SAMPLE_EVERY_MS, SERIES, chartGeometry, latestFigures, sampleOf, withSample} from '../stock-samples.js';
import {svg} from './svg.js';

const WIDTH = 640;
const HEIGHT = 250;
const MARGIN = {left: 56, right: 14, top: 12, bottom: 44};
const COLOURS = {available: '#1a7f37', reserved: '#9a6700', sold: '#0969da'};

/**
 * Starts sampling into a new chart element; returns {element, stop, sampleNow}. `first` is a report
 * just read (drawn as the first sample); `onSample(report)` gets every later report the chart draws,
 * after it is drawn.
 */
export function liveStockChart(sku, {first = null, onSample = () => {}} = {}) {
  let samples = first ? [sampleOf(first, Date.now())] : [];
  const latest = latestOnly();
  const element = h('figure', {class: 'stock-chart', dataset: {samples: '0'}});
  const sample = async () => {
    const ticket = latest.next();
    try {
      const report = (await api.get(`/admin/inventory/${seg(sku)}`)).body;
      if (!latest.isCurrent(ticket)) {
        return; // a later sample was asked for (after a change): this one is older than what it will show
      }
      samples = withSample(samples, sampleOf(report, Date.now()));
      delete element.dataset.error;
      render(element, samples);
      onSample(report);
    } catch (e) {
      element.dataset.error = e.message || String(e);
    }
  };
  render(element, samples);
  if (!first) {
    sample();
  }
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {element, sampleNow: sample, stop: () => {
    clearInterval(timer);
    latest.stop();
  }};
}

function render(element, samples) {
  const figures = latestFigures(samples);
  element.dataset.samples = String(samples.length);
  for (const name of SERIES) {
    element.dataset[name] = samples.length ? figures[name] : '';
  }
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const geometry = chartGeometry(samples, plotWidth, plotHeight);
  fill(element, chart(geometry, plotWidth, plotHeight), legend(figures),
    h('figcaption', {}, `Units, sampled every ${SAMPLE_EVERY_MS / 1000} s while this page is open; the last five minutes, `
      + `times on your clock; scale 0 to ${geometry.top} units.`));
}

function chart(geometry, plotWidth, plotHeight) {
  const root = svg('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': 'Available, reserved and sold units over the last five minutes'});
  const plot = svg('g', {transform: `translate(${MARGIN.left},${MARGIN.top})`});
  const yAxis = svg('g', {class: 'axis axis-y'});
  for (const tick of geometry.yTicks) {
    yAxis.append(svg('line', {class: 'grid-line', x1: 0, x2: plotWidth, y1: tick.y, y2: tick.y}),
      svg('text', {class: 'tick-label', x: -6, y: tick.y + 4, 'text-anchor': 'end', 'data-value': tick.value}, String(tick.value)));
  }
  yAxis.append(svg('line', {class: 'axis-line', x1: 0, x2: 0, y1: 0, y2: plotHeight}),
    svg('text', {class: 'axis-title', transform: `translate(${-42},${plotHeight / 2}) rotate(-90)`, 'text-anchor': 'middle'}, 'units'));
  const xAxis = svg('g', {class: 'axis axis-x', transform: `translate(0,${plotHeight})`});
  xAxis.append(svg('line', {class: 'axis-line', x1: 0, x2: plotWidth, y1: 0, y2: 0}));
  for (const tick of geometry.xTicks) {
    xAxis.append(svg('line', {class: 'tick', x1: tick.x, x2: tick.x, y1: 0, y2: 5}),
      svg('text', {class: 'tick-label', x: tick.x, y: 18, 'text-anchor': 'middle', 'data-at': new Date(tick.at).toISOString()},
        clockLabel(tick.at, geometry.step)));
  }
  xAxis.append(svg('text', {class: 'axis-title', x: plotWidth / 2, y: 36, 'text-anchor': 'middle'}, 'time'));
  plot.append(yAxis, xAxis);
  for (const name of SERIES) {
    plot.append(svg('polyline', {points: geometry.points[name], fill: 'none', stroke: COLOURS[name], 'stroke-width': 2,
      'data-series': name}));
  }
  root.append(plot);
  return root;
}

function legend(figures) {
  return h('ul', {class: 'chart-legend'}, SERIES.map(name => h('li', {class: `series-${name}`, dataset: {figure: name}},
    `${name}: ${figures[name]}`)));
}
