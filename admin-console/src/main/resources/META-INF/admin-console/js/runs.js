// A run of long work (a cart job, an import, a search index verify or rebuild) has one shape in
// every service: {id, kind, state, counts: {name: number}, labels: {name: string}, started_at,
// finished_at, problems: [problem]}. The views read it only through these, so a run is read the
// same way everywhere. Pure: no DOM.

const RUN_FAILED = /\/run-failed$/;

/** A counter of the run, 0 when it has none (yet). */
export function runCount(run, name) {
  return Number(((run && run.counts) || {})[name]) || 0;
}

/** A label of the run (what it is about: trigger, replica, ...); '' when it has none. */
export function runLabel(run, name) {
  return String(((run && run.labels) || {})[name] ?? '');
}

/** Why a failed run stopped: the detail of its run-failed problem (else of its first problem); '' when none. */
export function runError(run) {
  const problems = (run && run.problems) || [];
  const failed = problems.find(p => RUN_FAILED.test(String(p.type || ''))) || (run && run.state === 'failed' ? problems[0] : null);
  return failed ? String(failed.detail || failed.title || 'failed') : '';
}

/** The part of an import's file read so far, from 0 to 100; a run that succeeded has read it all. */
export function percentRead(run) {
  if (run.state === 'succeeded') {
    return 100;
  }
  const total = runCount(run, 'bytes_total');
  const read = runCount(run, 'bytes_read');
  return total > 0 ? Math.min(100, Math.floor((read * 100) / total)) : 0;
}
