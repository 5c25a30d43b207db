// node --test: the charts' axes (js/chart-axes.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {integerTicks, timeTicks, labelledIndexes, clockLabel}
  from '../../main/resources/META-INF/admin-console/js/chart-axes.js';

test('unit ticks run from 0 to a round top at or above the largest value', () => {
  assert.deepEqual(integerTicks(3), {top: 3, ticks: [0, 1, 2, 3]});
  assert.deepEqual(integerTicks(0), {top: 1, ticks: [0, 1]}, 'an empty chart still has a scale');
  assert.deepEqual(integerTicks(10), {top: 10, ticks: [0, 5, 10]});
  assert.deepEqual(integerTicks(21000), {top: 30000, ticks: [0, 10000, 20000, 30000]});
  assert.deepEqual(integerTicks(129999), {top: 150000, ticks: [0, 50000, 100000, 150000]});
  assert.deepEqual(integerTicks(7, 4), {top: 8, ticks: [0, 2, 4, 6, 8]});
});

test('unit ticks are whole numbers: a scale of 2 never shows 0.5', () => {
  for (const max of [1, 2, 3, 5, 9, 17, 99, 101, 1234567]) {
    const {top, ticks} = integerTicks(max);
    assert.ok(top >= max, `top ${top} covers ${max}`);
    assert.ok(ticks.every(Number.isInteger), `${ticks}`);
    assert.ok(ticks.length <= 6, `${ticks}`);
    assert.equal(ticks[0], 0);
    assert.equal(ticks.at(-1), top);
  }
});

test('time ticks sit on round clock times within the span, at most the count asked for', () => {
  const from = Date.UTC(2026, 11, 3, 14, 0, 7);
  const to = from + 5 * 60 * 1000;
  const {step, ticks} = timeTicks(from, to, 6);
  assert.equal(step, 60000, 'five minutes: a tick a minute');
  assert.deepEqual(ticks.map(at => clockLabel(at, step, true)), ['14:01', '14:02', '14:03', '14:04', '14:05']);
  const short = timeTicks(from, from + 20000, 6);
  assert.equal(short.step, 5000);
  assert.deepEqual(short.ticks.map(at => clockLabel(at, short.step, true)), ['14:00:10', '14:00:15', '14:00:20', '14:00:25']);
  assert.ok(short.ticks.every(at => at >= from && at <= from + 20000));
});

test('labelled days: the first and then every n-th, at most the count', () => {
  assert.deepEqual(labelledIndexes(0), []);
  assert.deepEqual(labelledIndexes(5, 8), [0, 1, 2, 3, 4]);
  assert.deepEqual(labelledIndexes(30, 8), [0, 4, 8, 12, 16, 20, 24, 28]);
  assert.ok(labelledIndexes(366, 8).length <= 8);
});
