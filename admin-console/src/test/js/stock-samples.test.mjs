// node --test: the live stock chart's samples, geometry and figures (js/stock-samples.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {KEPT_SAMPLES, SAMPLE_EVERY_MS, WINDOW_MS, SERIES, withSample, scaleMax, chartGeometry, latestFigures, sampleOf}
  from '../../main/resources/META-INF/admin-console/js/stock-samples.js';

const T0 = Date.UTC(2026, 11, 3, 14, 0, 0);
const sample = (available, reserved, sold, at = T0) => ({at, available, reserved, sold});

test('samples are kept up to the bound, the oldest dropped first', () => {
  let samples = [];
  for (let i = 0; i < KEPT_SAMPLES + 5; i++) {
    samples = withSample(samples, sample(i, 0, 0));
  }
  assert.equal(samples.length, KEPT_SAMPLES);
  assert.equal(samples[0].available, 5);
  assert.equal(samples.at(-1).available, KEPT_SAMPLES + 4);
  assert.equal(WINDOW_MS, KEPT_SAMPLES * SAMPLE_EVERY_MS);
});

test('adding a sample leaves the earlier array as it was', () => {
  const before = [sample(1, 0, 0)];
  const after = withSample(before, sample(2, 0, 0), 3);
  assert.equal(before.length, 1);
  assert.deepEqual(after.map(s => s.available), [1, 2]);
});

test('a sample is the stock report\'s three figures and its time', () => {
  const report = {sku: 'x', available: 0, reserved: 1, sold: 3, stocked: 4, holders: 1, held_by_age: []};
  assert.deepEqual(sampleOf(report, T0), {at: T0, available: 0, reserved: 1, sold: 3});
});

test('the scale is the largest value of any series, and at least 1', () => {
  assert.equal(scaleMax([]), 1);
  assert.equal(scaleMax([sample(0, 0, 0)]), 1);
  assert.equal(scaleMax([sample(20000, 0, 0), sample(3, 19000, 21000)]), 21000);
  assert.equal(scaleMax([{available: 4}]), 4, 'a missing series counts as 0');
});

test('a drop: available falls to the bottom edge while sold rises to the top, x by time, newest on the right', () => {
  const samples = [sample(100, 0, 0, T0), sample(40, 30, 30, T0 + 5000), sample(0, 0, 100, T0 + 10000)];
  const geometry = chartGeometry(samples, 200, 50, 10000);
  assert.deepEqual(Object.keys(geometry.points), SERIES);
  assert.equal(geometry.top, 100);
  assert.equal(geometry.points.available, '0,0 100,30 200,50');
  assert.equal(geometry.points.sold, '0,50 100,35 200,0');
  assert.equal(geometry.points.reserved, '0,50 100,35 200,50');
});

test('a sample late by a failed request is drawn where its time is, not one step on', () => {
  const samples = [sample(4, 0, 0, T0), sample(2, 0, 2, T0 + 2000), sample(0, 0, 4, T0 + 8000)];
  const geometry = chartGeometry(samples, 80, 40, 8000);
  assert.equal(geometry.points.available, '0,0 20,20 80,40');
});

test('samples older than the window are left out; the axes: round units up, clock times along', () => {
  const samples = [sample(9, 0, 0, T0 - 1000), sample(3, 0, 0, T0 + 30000), sample(0, 1, 3, T0 + WINDOW_MS)];
  const geometry = chartGeometry(samples, 300, 100);
  assert.equal(geometry.points.available.split(' ').length, 2, 'the sample before the window is not drawn');
  assert.equal(geometry.top, 10, 'the scale still counts what was kept (9), rounded up');
  assert.deepEqual(geometry.yTicks.map(t => t.value), [0, 5, 10]);
  assert.equal(geometry.yTicks[0].y, 100, '0 at the bottom');
  assert.equal(geometry.yTicks.at(-1).y, 0, 'the top at the top');
  assert.equal(geometry.step, 60000);
  assert.deepEqual(geometry.xTicks.map(t => t.at), [0, 1, 2, 3, 4, 5].map(m => T0 + m * 60000));
  assert.equal(geometry.xTicks.at(-1).x, 300, 'the newest time on the right edge');
  assert.equal(geometry.xTicks[1].x, 60);
});

test('the cards and the legend read the same newest sample', () => {
  assert.deepEqual(latestFigures([]), {available: '–', reserved: '–', sold: '–'});
  const samples = [sample(3, 0, 0), sample(0, 0, 3, T0 + 2000)];
  assert.deepEqual(latestFigures(samples), {available: '0', reserved: '0', sold: '3'});
});

test('no samples: an empty chart with a scale and no times', () => {
  const geometry = chartGeometry([], 100, 10);
  assert.equal(geometry.top, 1);
  assert.deepEqual(geometry.xTicks, []);
  assert.equal(geometry.points.available, '');
});
