// Two small helpers for searching as one types: wait until the typing pauses, and show only the
// answer to the latest request (an earlier one can arrive later). No DOM; the clock can be handed
// in, so Node's test runner checks them without waiting (src/test/js/timing.test.mjs).

/**
 * fn, called `ms` after the last call of the returned function (with that call's arguments).
 * `.cancel()` drops a pending call, `.flush()` makes it now. `clock` provides setTimeout/clearTimeout.
 */
export function debounce(fn, ms, clock = globalThis) {
  let timer = null;
  let pending = null;
  const fire = () => {
    timer = null;
    const args = pending;
    pending = null;
    fn(...args);
  };
  const debounced = (...args) => {
    pending = args;
    if (timer !== null) {
      clock.clearTimeout(timer);
    }
    timer = clock.setTimeout(fire, ms);
  };
  debounced.cancel = () => {
    if (timer !== null) {
      clock.clearTimeout(timer);
    }
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer !== null) {
      clock.clearTimeout(timer);
      fire();
    }
  };
  return debounced;
}

/**
 * Numbers requests so that only the latest one's answer is used: `const ticket = latest.next()`
 * before sending, `latest.isCurrent(ticket)` when its answer arrives. `stop()` makes every ticket stale
 * (the page was left).
 */
export function latestOnly() {
  let current = 0;
  return {
    next: () => ++current,
    isCurrent: ticket => ticket === current,
    stop: () => {
      current += 1;
    },
  };
}
