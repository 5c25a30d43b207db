// node --test: reading the one run shape (js/runs.js), as the jobs and imports views do.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {runCount, runLabel, runError, percentRead}
  from '../../main/resources/META-INF/admin-console/js/runs.js';

const run = (fields = {}) => ({id: 'a'.repeat(24), kind: 'import-products', state: 'running', counts: {}, labels: {},
  started_at: '2026-01-01T00:00:00Z', finished_at: null, problems: [], ...fields});

test('a count is read from counts, 0 when the run has none yet', () => {
  assert.equal(runCount(run({counts: {read: 7, bytes_read: 0}}), 'read'), 7);
  assert.equal(runCount(run({counts: {read: 7}}), 'rejected'), 0);
  assert.equal(runCount(run({counts: undefined}), 'read'), 0);
});

test('a label is read from labels, empty when absent', () => {
  assert.equal(runLabel(run({kind: 'expire-carts', labels: {trigger: 'scheduled'}}), 'trigger'), 'scheduled');
  assert.equal(runLabel(run(), 'replica'), '');
});

test('the error is the detail of the run-failed problem', () => {
  const failed = run({state: 'failed', problems: [
    {type: 'https://problems.shop.example/index-missing-product', title: 'Missing', sku: 'x'},
    {type: 'https://problems.shop.example/run-failed', title: 'Run failed', status: 500, detail: 'The service stopped'}]});
  assert.equal(runError(failed), 'The service stopped');
});

test('a verify\'s differences are problems, not an error', () => {
  const verified = run({kind: 'index-verify', state: 'succeeded', problems: [
    {type: 'https://problems.shop.example/index-missing-product', title: 'Missing', sku: 'x'}]});
  assert.equal(runError(verified), '');
  assert.equal(runError(run()), '');
});

test('the part read comes from counts.bytes_read of bytes_total; a success has read it all', () => {
  assert.equal(percentRead(run({counts: {bytes_read: 50, bytes_total: 200}})), 25);
  assert.equal(percentRead(run({counts: {bytes_read: 0, bytes_total: 0}})), 0);
  assert.equal(percentRead(run({state: 'succeeded', counts: {bytes_read: 10, bytes_total: 200}})), 100);
  assert.equal(percentRead(run({counts: {bytes_read: 300, bytes_total: 200}})), 100);
});
