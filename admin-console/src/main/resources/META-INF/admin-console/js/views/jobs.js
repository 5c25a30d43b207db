// The cart service's jobs, run on demand: expiry of idle carts, cleanup of stranded reservations,
// resolution of stalled checkouts. Two shapes of the API are understood:
//  - a job run as a resource: POST answers 202 with Location /api/admin/jobs/runs/{id} and the run
//    (a Run: kind, state running → succeeded | failed, counts so far, labels.trigger, problems); the
//    console follows it until it ends, and lists recent runs from GET /api/admin/jobs/runs;
//  - the synchronous one: POST answers 200 with the counts when the run is over.
// Either way a run is shown the same way: its state and what it did.

import {api} from '../api.js';
import {h, labelled, input, select, button, clear, formatDateTime, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {runLabel, runError} from '../runs.js';

const JOBS = [
  {
    job: 'expire-carts',
    title: 'Expire idle carts',
    text: 'Carts left alone longer than the configured time are expired, and the units they reserved go back to stock.',
    olderThan: 'Idle for longer than',
    counts: {locked: 'Carts locked for expiry', expired: 'Carts expired', returned_units: 'Units returned to stock'},
  },
  {
    job: 'cleanup-inventory',
    title: 'Clean up stranded reservations',
    text: 'Reservations that no cart holds any more (left by a crash between two steps) are returned to stock.',
    olderThan: 'Reservations older than',
    counts: {examined: 'Reservations examined', returned_entries: 'Reservations returned', returned_units: 'Units returned to stock'},
  },
  {
    job: 'resolve-checkouts',
    title: 'Resolve stalled checkouts',
    text: 'Checkouts whose payment never answered are settled by what the payment gateway says: sold, or the cart is active again.',
    olderThan: 'Pending for longer than',
    counts: {completed: 'Checkouts completed', released: 'Carts released', finalized: 'Sales finalized'},
  },
];

const POLL_MILLIS = 1000;
const sleep = millis => new Promise(resolve => window.setTimeout(resolve, millis));

export function jobsView(container) {
  let alive = true;
  const problemArea = h('div', {hidden: true});
  const history = h('section', {class: 'runs', 'aria-labelledby': 'runs-heading'});
  const historyFilter = select([['', 'All jobs'], ...JOBS.map(j => [j.job, j.title])]);
  historyFilter.addEventListener('change', () => loadHistory());
  append(container,
    h('h1', {}, 'Jobs'),
    h('p', {}, 'The cart service runs these on its own schedule. Run one now to see at once what it does.'),
    problemArea,
    h('div', {class: 'job-cards'}, JOBS.map(card)),
    h('h2', {id: 'runs-heading'}, 'Recent runs'),
    h('div', {class: 'inline-form'}, labelled('Show', historyFilter), button('Refresh', {class: 'btn', on: {click: () => loadHistory()}})),
    history);
  loadHistory();
  return () => {
    alive = false;
  };

  function card(definition) {
    const olderThan = input({placeholder: 'e.g. PT30M'});
    const result = h('div', {class: 'run-holder', 'aria-live': 'polite'});
    const runButton = h('button', {type: 'submit', class: 'btn btn-primary'}, 'Run now');
    const form = h('form', {class: 'job-form', novalidate: true, on: {submit: async event => {
      event.preventDefault();
      clearMarks(form);
      hideProblem(problemArea);
      runButton.disabled = true;
      const startedHere = new Date().toISOString();
      fill(result, h('p', {class: 'muted'}, 'Starting…'));
      try {
        const answer = await api.post(`/admin/jobs/${definition.job}`, undefined, {query: {olderThan: olderThan.value.trim()}});
        if (answer.status === 202 && answer.body && answer.body.state) {
          await follow(definition, answer.body, answer.location, result);
        } else {
          // The synchronous API: the run is over, and the body is its counts.
          showRun(result, definition, {kind: definition.job, labels: {trigger: 'manual'}, state: 'succeeded',
            counts: answer.body || {}, started_at: startedHere, finished_at: new Date().toISOString(), problems: []});
        }
        loadHistory();
      } catch (e) {
        clear(result);
        showProblem(problemArea, e);
        markFields(form, e);
      } finally {
        runButton.disabled = false;
      }
    }}},
    labelled(`${definition.olderThan} (optional)`, olderThan, {field: 'olderThan',
      hint: 'An ISO-8601 duration such as PT10M; empty uses the configured one'}),
    runButton);
    return h('section', {class: 'job-card', dataset: {job: definition.job}, 'aria-labelledby': `job-${definition.job}`},
      h('h2', {id: `job-${definition.job}`}, definition.title), h('p', {}, definition.text), form, result);
  }

  /** Shows a run started with 202 and polls its Location until it is no longer running. */
  async function follow(definition, run, location, result) {
    const where = location || `/admin/jobs/runs/${encodeURIComponent(run.id)}`;
    showRun(result, definition, run);
    while (alive && run.state === 'running') {
      await sleep(POLL_MILLIS);
      run = (await api.get(where)).body;
      showRun(result, definition, run);
    }
  }

  async function loadHistory(cursor) {
    const query = {limit: 10, job: historyFilter.value, cursor};
    try {
      const page = (await api.get('/admin/jobs/runs', query)).body;
      renderHistory(page, Boolean(cursor));
      if (alive && page.items.some(run => run.state === 'running')) {
        window.setTimeout(() => alive && loadHistory(), POLL_MILLIS);
      }
    } catch (e) {
      if (e.status === 404 || e.status === 405) {
        history.dataset.history = 'unavailable';
        fill(history, h('p', {class: 'muted'},
          'This platform\'s cart service runs each job while the request waits and keeps no history of runs: '
          + 'each run\'s result is shown in its box above when it ends.'));
      } else {
        clear(history);
        showProblem(history, e);
      }
    }
  }

  function renderHistory(page, more) {
    history.dataset.history = 'available';
    const rows = page.items.map(run => {
      const definition = JOBS.find(j => j.job === run.kind);
      return h('tr', {dataset: {run: run.id, state: run.state}},
        h('td', {}, definition ? definition.title : run.kind),
        h('td', {}, runLabel(run, 'trigger')),
        h('td', {}, h('span', {class: `state state-${run.state}`}, run.state)),
        h('td', {}, formatDateTime(run.started_at)),
        h('td', {}, formatDateTime(run.finished_at)),
        h('td', {}, countsText(definition, run.counts)),
        h('td', {}, runError(run)));
    });
    const tbody = more ? history.querySelector('tbody') : null;
    if (tbody) {
      append(tbody, ...rows);
    } else {
      fill(history, rows.length
        ? h('div', {class: 'table-wrap'}, h('table', {},
          h('thead', {}, h('tr', {}, ['Job', 'Trigger', 'State', 'Started', 'Finished', 'What it did', 'Error'].map(t => h('th', {scope: 'col'}, t)))),
          h('tbody', {}, rows)))
        : h('p', {class: 'muted'}, 'No runs yet.'));
    }
    const older = history.querySelector('.older');
    if (older) {
      older.remove();
    }
    if (page.next) {
      append(history, button('Older runs', {class: 'btn older', on: {click: () => loadHistory(page.next)}}));
    }
  }
}

function countsText(definition, counts) {
  return Object.entries(counts || {})
    .map(([key, value]) => `${definition && definition.counts[key] ? definition.counts[key] : key}: ${value}`).join('; ');
}

function showRun(holder, definition, run) {
  const label = {running: 'Running…', succeeded: 'Done', failed: 'Failed'}[run.state] || run.state;
  const counts = Object.entries(run.counts || {});
  fill(holder, h('div', {class: `run run-${run.state}`, dataset: {state: run.state}},
    h('p', {}, h('span', {class: `state state-${run.state}`}, label),
      ` started ${formatDateTime(run.started_at)}`, run.finished_at ? `, finished ${formatDateTime(run.finished_at)}` : ''),
    counts.length ? h('dl', {class: 'figures'}, counts.map(([key, value]) =>
      h('div', {}, h('dt', {}, definition.counts[key] || key), h('dd', {dataset: {count: key}}, String(value))))) : null,
    runError(run) ? h('p', {class: 'problem-detail'}, `Error: ${runError(run)}`) : null));
}
