// A live chart of one sku's available, reserved and sold units, sampled from the admin view while
// the page is open, so that a merchant can watch a drop happen.

import {api, seg} from '../api.js';
import {h, fill} from '../dom.js';
import {SAMPLE_EVERY_MS, SERIES, seriesPoints, scaleMax, withSample} from '../stock-samples.js';

const WIDTH = 600;
const HEIGHT = 200;
const COLOURS = {available: '#1a7f37', reserved: '#9a6700', sold: '#0969da'};
const SVG = 'http://www.w3.org/2000/svg';

/** Starts sampling into a new chart element; returns {element, stop}. */
export function liveStockChart(sku) {
  let samples = [];
  const element = h('figure', {class: 'stock-chart', dataset: {samples: '0'}});
  const draw = () => render(element, samples);
  const sample = async () => {
    try {
      const held = (await api.get(`/admin/inventory/${seg(sku)}`)).body;
      samples = withSample(samples, {at: Date.now(), available: held.available, reserved: held.reserved, sold: held.sold});
      draw();
    } catch (e) {
      element.dataset.error = e.message || String(e);
    }
  };
  draw();
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {element, stop: () => clearInterval(timer)};
}

function render(element, samples) {
  const last = samples[samples.length - 1] || {};
  element.dataset.samples = String(samples.length);
  for (const name of SERIES) {
    element.dataset[name] = last[name] === undefined ? '' : String(last[name]);
  }
  fill(element, svgChart(samples), legend(last),
    h('figcaption', {}, `Sampled every ${SAMPLE_EVERY_MS / 1000} s while this page is open; scale 0 to ${scaleMax(samples)} units.`));
}

function svgChart(samples) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Available, reserved and sold units over time');
  const points = seriesPoints(samples, WIDTH, HEIGHT);
  for (const name of SERIES) {
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', points[name]);
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', COLOURS[name]);
    line.setAttribute('stroke-width', '2');
    line.dataset.series = name;
    svg.appendChild(line);
  }
  return svg;
}

function legend(last) {
  return h('ul', {class: 'chart-legend'}, SERIES.map(name => h('li', {class: `series-${name}`},
    `${name}: ${last[name] === undefined ? '–' : last[name]}`)));
}
