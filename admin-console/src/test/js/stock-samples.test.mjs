// node --test: the live stock chart's samples and geometry (js/stock-samples.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {KEPT_SAMPLES, SERIES, withSample, scaleMax, seriesPoints}
  from '../../main/resources/META-INF/admin-console/js/stock-samples.js';

const sample = (available, reserved, sold) => ({available, reserved, sold});

test('samples are kept up to the bound, the oldest dropped first', () => {
  let samples = [];
  for (let i = 0; i < KEPT_SAMPLES + 5; i++) {
    samples = withSample(samples, sample(i, 0, 0));
  }
  assert.equal(samples.length, KEPT_SAMPLES);
  assert.equal(samples[0].available, 5);
  assert.equal(samples.at(-1).available, KEPT_SAMPLES + 4);
});

test('adding a sample leaves the earlier array as it was', () => {
  const before = [sample(1, 0, 0)];
  const after = withSample(before, sample(2, 0, 0), 3);
  assert.equal(before.length, 1);
  assert.deepEqual(after.map(s => s.available), [1, 2]);
});

test('the scale is the largest value of any series, and at least 1', () => {
  assert.equal(scaleMax([]), 1);
  assert.equal(scaleMax([sample(0, 0, 0)]), 1);
  assert.equal(scaleMax([sample(20000, 0, 0), sample(3, 19000, 21000)]), 21000);
  assert.equal(scaleMax([{available: 4}]), 4, 'a missing series counts as 0');
});

test('a drop: available falls to the bottom edge while sold rises to the top, newest on the right', () => {
  const samples = [sample(100, 0, 0), sample(40, 30, 30), sample(0, 0, 100)];
  const points = seriesPoints(samples, 200, 50, 3);
  assert.deepEqual(Object.keys(points), SERIES);
  assert.equal(points.available, '0,0 100,30 200,50');
  assert.equal(points.sold, '0,50 100,35 200,0');
  assert.equal(points.reserved, '0,50 100,35 200,50');
});

test('fewer samples than kept are drawn against the right edge', () => {
  const points = seriesPoints([sample(10, 0, 0)], 100, 10, 5);
  assert.equal(points.available, '100,0', 'one sample sits at the newest position');
});
