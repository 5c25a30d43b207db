// Bulk import and export of the three kinds the platform takes in bulk: products (catalog),
// categories (category service), stock levels (cart service). A file is NDJSON, one item a line.
// An import is a job: POST <base>/import answers 202 with Location <base>/imports/{id}; the console
// follows that run every half second (a progress bar from counts.bytes_read / bytes_total, and the counts)
// until it has succeeded or failed, then lists its rejected lines with their problems. An export is
// GET <base>/export, read as a stream into a Blob and saved under a file name of the kind and date.

import {api, upload, download, seg, ApiProblem} from '../api.js';
import {readAll, save, today, formatBytes} from '../downloads.js';
import {h, labelled, button, append, clear, fill, formatDateTime} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields, localProblem} from '../problems.js';
import {runCount, runError, percentRead} from '../runs.js';

const NDJSON = 'application/x-ndjson';
const POLL_MILLIS = 500;
const FINISHED = new Set(['succeeded', 'failed']);
const sleep = millis => new Promise(resolve => window.setTimeout(resolve, millis));

export const KINDS = [
  {
    kind: 'products',
    title: 'Products',
    base: '/admin/catalog',
    key: 'SKU',
    noun: ['product', 'products'],
    text: 'One product a line, in the JSON that POST /api/products takes. A line whose sku exists replaces that product '
      + '(updated, or unchanged when nothing differs); importing the same file twice changes nothing the second time.',
    example: '{"sku": "kind-of-blue", "type": "Audio Album", "title": "Kind of Blue", "pricing": {…}, "details": {…}}',
    exported: 'Every product, in the JSON the import takes back.',
  },
  {
    kind: 'categories',
    title: 'Categories',
    base: '/admin/categories',
    key: 'Slug',
    noun: ['category', 'categories'],
    text: 'One category a line, in any order (a parent may come after its child). A cycle or an unknown parent '
      + 'rejects the lines involved and nothing else.',
    example: '{"slug": "hard-bop", "name": "Hard Bop", "parent": "bop"}',
    exported: 'Every category with its id, slug, name and parent, parents before children.',
  },
  {
    kind: 'stock',
    title: 'Stock',
    base: '/admin/inventory',
    key: 'SKU',
    noun: ['stock level', 'stock levels'],
    text: 'One stock level a line: the available units of a sku, set as PUT /api/inventory/{sku} sets them '
      + '(units reserved in carts are not touched).',
    example: '{"sku": "kind-of-blue", "qty": 25}',
    exported: 'The available units of every sku that has a stock record.',
  },
];

const COUNTS = [
  ['read', 'Lines read'],
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['rejected', 'Rejected'],
];

const STATES = {running: 'Running…', succeeded: 'Done', failed: 'Failed'};

/** #/import, #/import/{kind}, #/import/{kind}/{run id}. */
export function importView(container, {params}) {
  const definition = KINDS.find(k => k.kind === (params[0] || 'products'));
  if (!definition) {
    append(container, h('h1', {}, 'Import and export'),
      h('p', {class: 'warning'}, `The platform imports ${KINDS.map(k => k.kind).join(', ')}; not '${params[0]}'.`),
      h('p', {}, h('a', {href: '#/import'}, 'Import products')));
    return null;
  }
  const {kind, base} = definition;
  let alive = true;
  let following = 0;
  const problemArea = h('div', {hidden: true});
  const status = h('p', {class: 'import-status', role: 'status'});
  const runPanel = h('section', {class: 'import-run', hidden: true, 'aria-labelledby': 'import-run-heading'});
  const rejects = h('section', {class: 'rejects', hidden: true, 'aria-labelledby': 'rejects-heading'});
  const history = h('section', {class: 'runs', dataset: {kind}, 'aria-labelledby': 'import-runs-heading'});

  append(container,
    h('h1', {}, 'Import and export'),
    kindTabs(kind),
    h('p', {}, definition.text),
    h('p', {class: 'hint'}, 'A line looks like ', h('code', {class: 'example'}, definition.example)),
    problemArea,
    h('div', {class: 'import-cards'}, uploadCard(), exportCard()),
    status, runPanel, rejects,
    h('h2', {id: 'import-runs-heading'}, `Recent imports of ${kind}`),
    h('div', {class: 'actions'}, button('Refresh the list', {class: 'btn', on: {click: () => loadHistory()}})),
    history);
  loadHistory();
  if (params[1]) {
    follow(`${base}/imports/${seg(params[1])}`);
  }
  return () => {
    alive = false;
  };

  function uploadCard() {
    const file = h('input', {type: 'file', accept: '.ndjson,.jsonl,.json,.txt,application/x-ndjson'});
    const submit = h('button', {type: 'submit', class: 'btn btn-primary'}, `Import ${kind}`);
    const form = h('form', {class: 'import-form', novalidate: true, on: {submit: async event => {
      event.preventDefault();
      clearMarks(form);
      hideProblem(problemArea);
      const chosen = file.files[0];
      if (!chosen) {
        const problem = localProblem('file', 'Choose an NDJSON file first.');
        showProblem(problemArea, problem);
        markFields(form, problem);
        return;
      }
      submit.disabled = true;
      try {
        await start(chosen);
      } finally {
        submit.disabled = false;
      }
    }}},
    labelled('NDJSON file', file, {field: 'file',
      hint: 'One JSON object a line (.ndjson). The file is sent as it is; the import starts once it has arrived.'}),
    submit);
    return h('section', {class: 'import-card', 'aria-labelledby': 'import-heading'},
      h('h2', {id: 'import-heading'}, `Import ${kind}`), form);
  }

  function exportCard() {
    const exportStatus = h('p', {class: 'export-status', role: 'status'});
    const exportButton = button(`Export ${kind}`, {class: 'btn', on: {click: async () => {
      hideProblem(problemArea);
      exportButton.disabled = true;
      try {
        await exportAll(exportStatus);
      } catch (e) {
        clear(exportStatus);
        showProblem(problemArea, e);
      } finally {
        exportButton.disabled = false;
      }
    }}});
    return h('section', {class: 'import-card', 'aria-labelledby': 'export-heading'},
      h('h2', {id: 'export-heading'}, `Export ${kind}`),
      h('p', {}, definition.exported, ' One NDJSON file, named after the kind and the date.'),
      exportButton, exportStatus);
  }

  /** Uploads the file, then follows the run its 202 names. */
  async function start(file) {
    following += 1; // a run followed so far stops updating the page
    clear(rejects);
    rejects.hidden = true;
    showUploading(file);
    let answer;
    try {
      answer = await upload(`${base}/import`, file, NDJSON);
    } catch (e) {
      runPanel.hidden = true;
      clear(status);
      showProblem(problemArea, e, e.status === 0
        ? 'If the file is very large, the platform may have refused it past the import limit and closed the connection.'
        : null);
      return;
    }
    const run = answer.body && answer.body.id ? answer.body : null;
    const where = answer.location ? new URL(answer.location, window.location.origin).pathname
      : `${base}/imports/${seg(run ? run.id : '')}`;
    const id = run ? run.id : decodeURIComponent(where.split('/').pop());
    // The address names the run, so a reload or a bookmark comes back to it (no page change: no re-render).
    window.history.replaceState(null, '', `#/import/${kind}/${encodeURIComponent(id)}`);
    loadHistory();
    await follow(where, run, file.name);
  }

  function showUploading(file) {
    runPanel.hidden = false;
    delete runPanel.dataset.run;
    delete runPanel.dataset.state;
    fill(runPanel,
      h('h2', {id: 'import-run-heading'}, `Uploading ${file.name}`),
      h('progress', {'aria-label': 'Upload'}),
      h('p', {class: 'hint'}, `${formatBytes(file.size)} to send. The import starts when the whole file has arrived.`));
    fill(status, `Uploading ${file.name}…`);
  }

  /** Shows the run at `where` (an /api path) and polls it until it has succeeded or failed. */
  async function follow(where, run, fileName) {
    const mine = ++following;
    const stillMine = () => alive && mine === following;
    try {
      let current = run || (await api.get(where)).body;
      while (stillMine()) {
        showRun(current, fileName);
        if (FINISHED.has(current.state)) {
          break;
        }
        await sleep(POLL_MILLIS);
        if (stillMine()) {
          current = (await api.get(where)).body;
        }
      }
      if (stillMine()) {
        fill(status, summary(current));
        loadHistory();
        await loadRejects(where, current);
      }
    } catch (e) {
      if (stillMine()) {
        showProblem(problemArea, e, e.status === 404 ? null : 'The import goes on in the platform whatever happens '
          + 'to this page; open it again from the recent imports below.');
      }
    }
  }

  function showRun(run, fileName) {
    runPanel.hidden = false;
    if (runPanel.dataset.run !== run.id) {
      fill(runPanel, runSkeleton(fileName));
      runPanel.dataset.run = run.id;
    }
    if (runPanel.dataset.state !== run.state) {
      // Said once per state (the live region is not told every half second).
      fill(status, `Import ${run.state}.`);
      runPanel.dataset.state = run.state;
    }
    const percent = percentRead(run);
    const progress = runPanel.querySelector('progress');
    progress.value = percent;
    fill(runPanel.querySelector('[data-figure="percent"]'), `${percent}%`);
    fill(runPanel.querySelector('.run-bytes'),
      `${formatBytes(runCount(run, 'bytes_read'))} of ${formatBytes(runCount(run, 'bytes_total'))} read`);
    fill(runPanel.querySelector('.run-state'), h('span', {class: `state state-${run.state}`}, STATES[run.state] || run.state),
      run.started_at ? ` started ${formatDateTime(run.started_at)}` : '',
      run.finished_at ? `, finished ${formatDateTime(run.finished_at)}` : '');
    for (const [key] of COUNTS) {
      fill(runPanel.querySelector(`[data-count="${key}"]`), String(runCount(run, key)));
    }
    const error = runPanel.querySelector('.run-error');
    const why = runError(run);
    fill(error, why ? `Error: ${why}` : '');
    error.hidden = !why;
  }

  function runSkeleton(fileName) {
    return [
      h('h2', {id: 'import-run-heading'}, fileName ? `Import of ${fileName}` : 'Import run'),
      h('p', {class: 'run-state'}),
      h('div', {class: 'progress-row'},
        h('progress', {max: '100', value: '0', 'aria-label': 'Part of the file read'}),
        h('span', {class: 'progress-text', dataset: {figure: 'percent'}}, '0%')),
      h('p', {class: 'hint run-bytes'}),
      h('dl', {class: 'figures'}, COUNTS.map(([key, text]) =>
        h('div', {}, h('dt', {}, text), h('dd', {dataset: {count: key}}, '0')))),
      h('p', {class: 'problem-detail run-error', hidden: true}),
    ];
  }

  /** The rejected lines of a finished run, a page at a time (`next` is the cursor of the page after). */
  async function loadRejects(where, run, cursor) {
    rejects.hidden = false;
    if (!cursor) {
      fill(rejects, h('h2', {id: 'rejects-heading'}, 'Rejected lines'));
      if (!runCount(run, 'rejected')) {
        append(rejects, h('p', {class: 'notice-inline'}, 'No line was rejected.'));
        return;
      }
    }
    const page = (await api.get(`${where}/rejects`, {limit: 50, cursor})).body;
    const rows = page.items.map(reject => rejectRow(reject));
    const tbody = cursor ? rejects.querySelector('tbody') : null;
    if (tbody) {
      append(tbody, rows);
    } else {
      append(rejects, h('div', {class: 'table-wrap'}, h('table', {class: 'rejects-table'},
        h('thead', {}, h('tr', {}, ['Line', definition.key, 'Problem', 'Detail', 'Field'].map(t => h('th', {scope: 'col'}, t)))),
        h('tbody', {}, rows))));
    }
    const more = rejects.querySelector('.more');
    if (more) {
      more.remove();
    }
    if (page.next) {
      append(rejects, button('More rejected lines', {class: 'btn more', on: {click: () =>
        loadRejects(where, run, page.next).catch(e => showProblem(problemArea, e))}}));
    }
  }

  async function loadHistory(cursor) {
    try {
      const page = (await api.get(`${base}/imports`, {limit: 10, cursor})).body;
      if (alive) {
        renderHistory(page, Boolean(cursor));
      }
    } catch (e) {
      if (alive) {
        clear(history);
        showProblem(history, e);
      }
    }
  }

  function renderHistory(page, more) {
    const rows = page.items.map(run => h('tr', {dataset: {run: run.id, state: run.state}},
      h('td', {}, h('a', {href: `#/import/${kind}/${encodeURIComponent(run.id)}`}, formatDateTime(run.started_at))),
      h('td', {}, h('span', {class: `state state-${run.state}`}, run.state)),
      COUNTS.map(([key]) => h('td', {class: 'num'}, String(runCount(run, key)))),
      h('td', {}, formatDateTime(run.finished_at)),
      h('td', {}, runError(run))));
    const tbody = more ? history.querySelector('tbody') : null;
    if (tbody) {
      append(tbody, rows);
    } else {
      fill(history, rows.length
        ? h('div', {class: 'table-wrap'}, h('table', {},
          h('thead', {}, h('tr', {}, ['Started', 'State', ...COUNTS.map(([, text]) => text), 'Finished', 'Error']
            .map(t => h('th', {scope: 'col'}, t)))),
          h('tbody', {}, rows)))
        : h('p', {class: 'muted'}, `No import of ${kind} yet.`));
    }
    const older = history.querySelector('.older');
    if (older) {
      older.remove();
    }
    if (page.next) {
      append(history, button('Older imports', {class: 'btn older', on: {click: () => loadHistory(page.next)}}));
    }
  }

  /** Reads the whole export (telling how much has arrived) and hands it to the browser as a download. */
  async function exportAll(exportStatus) {
    fill(exportStatus, 'Exporting…');
    const response = await download(`${base}/export`, NDJSON);
    const {blob, lines} = await readAll(response,
      received => fill(exportStatus, `Exporting… ${formatBytes(received)} received`));
    const name = `${kind}-${today()}.ndjson`;
    save(blob, name);
    const [one, many] = definition.noun;
    fill(exportStatus, `Exported ${lines} ${lines === 1 ? one : many} (${formatBytes(blob.size)}) as ${name}.`);
  }
}

function kindTabs(current) {
  return h('nav', {class: 'kind-tabs', 'aria-label': 'What to import or export'},
    h('ul', {}, KINDS.map(k => h('li', {},
      h('a', {href: `#/import/${k.kind}`, 'aria-current': k.kind === current ? 'page' : null}, k.title)))));
}

function summary(run) {
  const parts = COUNTS.slice(1).map(([key, text]) => `${text.toLowerCase()} ${runCount(run, key)}`);
  return `Import ${run.state === 'succeeded' ? 'done' : 'failed'}: ${runCount(run, 'read')} lines read; ${parts.join(', ')}.`;
}

function rejectRow(reject) {
  const problem = reject.problem || {};
  const kind = new ApiProblem(problem.status, problem).kind;
  return h('tr', {dataset: {line: String(reject.line)}},
    h('td', {}, String(reject.line)),
    h('td', {}, reject.key ? h('code', {}, reject.key) : '—'),
    h('td', {}, problem.title || '', kind !== 'about:blank' ? h('span', {class: 'problem-status'}, ` (${kind})`) : null),
    h('td', {class: 'reject-detail'}, problem.detail || ''),
    h('td', {}, problem.field ? h('code', {}, problem.field) : '—'));
}
