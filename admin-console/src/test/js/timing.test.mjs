// node --test: waiting for a pause in the typing, and using only the latest answer (js/timing.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {debounce, latestOnly} from '../../main/resources/META-INF/admin-console/js/timing.js';

/** A clock that moves only when told: setTimeout/clearTimeout as the browser's, advance(ms) runs what is due. */
function fakeClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map();
  return {
    setTimeout(fn, ms) {
      nextId += 1;
      timers.set(nextId, {at: now + ms, fn});
      return nextId;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
    pending: () => timers.size,
  };
}

test('the call comes once, a pause after the last keystroke, with the last text', () => {
  const clock = fakeClock();
  const calls = [];
  const typed = debounce(text => calls.push(text), 300, clock);
  typed('c');
  clock.advance(200);
  typed('co');
  clock.advance(200);
  typed('col');
  assert.deepEqual(calls, [], 'nothing while the typing goes on');
  clock.advance(299);
  assert.deepEqual(calls, []);
  clock.advance(1);
  assert.deepEqual(calls, ['col']);
  clock.advance(1000);
  assert.deepEqual(calls, ['col'], 'once');
  assert.equal(clock.pending(), 0);
});

test('a later pause makes a second call', () => {
  const clock = fakeClock();
  const calls = [];
  const typed = debounce(text => calls.push(text), 300, clock);
  typed('a');
  clock.advance(300);
  typed('ab');
  clock.advance(300);
  assert.deepEqual(calls, ['a', 'ab']);
});

test('cancel drops the pending call; flush makes it at once', () => {
  const clock = fakeClock();
  const calls = [];
  const typed = debounce(text => calls.push(text), 300, clock);
  typed('dropped');
  typed.cancel();
  clock.advance(1000);
  assert.deepEqual(calls, []);
  typed('now');
  typed.flush();
  assert.deepEqual(calls, ['now']);
  clock.advance(1000);
  assert.deepEqual(calls, ['now'], 'not again when its time comes');
  typed.flush();
  assert.deepEqual(calls, ['now'], 'nothing pending, nothing made');
});

test('only the latest ticket is current; stop makes them all stale', () => {
  const latest = latestOnly();
  const first = latest.next();
  assert.equal(latest.isCurrent(first), true);
  const second = latest.next();
  assert.equal(latest.isCurrent(first), false, 'an earlier request\'s answer arriving late is not shown');
  assert.equal(latest.isCurrent(second), true);
  latest.stop();
  assert.equal(latest.isCurrent(second), false, 'the page was left');
});
