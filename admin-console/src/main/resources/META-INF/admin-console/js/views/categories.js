// The category tree: shown whole, one category at a time edited beside it (rename, new slug, move
// the subtree, add a child, delete), with its breadcrumbs; Verify and Repair check the copies of the
// ancestors that every category carries. Moving offers only places outside the category's own
// subtree (the service would refuse them with 409 category-cycle); a tree entry can also be dragged
// onto another one.
//
// The functions below share one `page` object: the slug in the address (null: none chosen), the
// tree as loaded, the areas for problems and for the verify/repair report, navigate and announce.
// Every edit ends by navigating to the category's address, which draws the page again from the API.

import {api, seg, ApiProblem} from '../api.js';
import {h, labelled, input, select, button, clear, focus, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {loadTree, findNode, subtreeSlugs, indentedName} from '../data.js';
import {confirmDialog} from '../dialog.js';
import {
  slugify, moveDestinations, moveHint, hasChildrenExplanation, verifySummary, repairSummary, findingPath,
} from '../category-edits.js';

export async function categoriesView(container, {params, navigate, announce}) {
  const page = {
    slug: params[0] || null, navigate, announce,
    problemArea: h('div', {hidden: true}),
    checkArea: h('div', {class: 'check-result', 'aria-live': 'polite'}),
  };
  const treePanel = h('section', {class: 'tree-panel', 'aria-labelledby': 'tree-heading'},
    h('h2', {id: 'tree-heading'}, 'Tree'), h('p', {class: 'muted'}, 'Loading…'));
  const detailPanel = h('section', {class: 'detail-panel', 'aria-labelledby': 'detail-heading'});
  append(container,
    h('div', {class: 'title-row'}, h('h1', {}, 'Categories'),
      h('div', {class: 'actions'},
        button('Verify the tree', {class: 'btn', on: {click: () => verify(page)}}),
        button('Repair the tree', {class: 'btn', on: {click: () => repair(page)}}))),
    page.checkArea, page.problemArea,
    h('div', {class: 'split'}, treePanel, detailPanel));

  const category = await load(page);
  renderTree(treePanel, page.tree, page.slug, (dragged, target) => moveByDrop(page, dragged, target));
  if (category) {
    renderDetail(page, detailPanel, category);
  } else {
    renderRootForm(page, detailPanel);
  }
}

/** Sets page.tree and answers the chosen category (null if none, or after showing why it could not be read). */
async function load(page) {
  try {
    const [tree, category] = await Promise.all([loadTree(),
      page.slug ? api.get(`/categories/${seg(page.slug)}`).then(a => a.body) : null]);
    page.tree = tree;
    return category;
  } catch (e) {
    showProblem(page.problemArea, e,
      page.slug && e.status === 404 ? 'It may have been renamed, moved or deleted: pick it again in the tree.' : null);
    page.tree = await loadTree().catch(() => []);
    return null;
  }
}

/**
 * Runs one edit: `onSuccess` with its answer, or its problem shown (with the console's own
 * explanation when `explain` gives one) and the field it names marked in `form`.
 */
async function run(page, action, form, onSuccess, explain) {
  hideProblem(page.problemArea);
  if (form) {
    clearMarks(form);
  }
  try {
    onSuccess(await action());
  } catch (e) {
    showProblem(page.problemArea, e, explain ? explain(e) : null);
    if (!form || !markFields(form, e)) {
      focus(page.problemArea);
    }
  }
}

/** A submit handler that keeps the browser from sending the form itself. */
function onSubmit(handler) {
  return {submit: event => {
    event.preventDefault();
    handler();
  }};
}

function renderRootForm(page, panel) {
  fill(panel, h('h2', {id: 'detail-heading'}, 'Add a top-level category'),
    h('p', {class: 'muted'}, 'Choose a category in the tree to rename, move or delete it, or to add a subcategory.'),
    childForm(page, null));
}

/** Adds a category under `parentSlug` (null: at the top level); the slug follows the name until it is typed into. */
function childForm(page, parentSlug) {
  const name = input({});
  const slugField = input({});
  let slugTouched = false;
  name.addEventListener('input', () => {
    if (!slugTouched) {
      slugField.value = slugify(name.value);
    }
  });
  slugField.addEventListener('input', () => {
    slugTouched = true;
  });
  const form = h('form', {class: 'inline-form', novalidate: true, on: onSubmit(() => {
    const body = {name: name.value.trim(), slug: slugField.value.trim()};
    if (parentSlug) {
      body.parent = parentSlug;
    }
    run(page, () => api.post('/categories', body), form, answer => {
      page.announce(`Added ${answer.body.name}.`);
      page.navigate(`#/categories/${encodeURIComponent(answer.body.slug)}`);
    });
  })},
  labelled(parentSlug ? 'Name of the subcategory' : 'Name', name, {field: 'name', required: true}),
  labelled('Slug', slugField, {field: 'slug', required: true, hint: 'lower-case words joined by -, e.g. cool-jazz'}),
  h('button', {type: 'submit', class: 'btn btn-primary'}, parentSlug ? 'Add subcategory' : 'Add category'));
  return form;
}

/** The chosen category: its breadcrumbs and facts, then one form per edit. */
function renderDetail(page, panel, current) {
  const node = findNode(page.tree, current.slug);
  const children = node ? node.children : [];
  const subtree = node ? subtreeSlugs(node) : new Set([current.slug]);
  fill(panel,
    breadcrumbs(current),
    h('h2', {id: 'detail-heading', tabindex: '-1'}, current.name),
    facts(current, children),
    h('p', {}, h('a', {href: `#/products?category=${encodeURIComponent(current.slug)}`}, `Products in ${current.name} and its subcategories`)),
    h('h3', {}, 'Rename'), renameForm(page, current),
    h('h3', {}, 'Change the slug'), slugForm(page, current),
    h('h3', {}, 'Move the subtree'), moveForm(page, current, subtree),
    h('h3', {}, 'Add a subcategory'), childForm(page, current.slug),
    h('h3', {}, 'Delete'), h('div', {class: 'actions'}, deleteButton(page, current, children)));
}

function facts(current, children) {
  return h('dl', {class: 'facts'},
    h('dt', {}, 'Slug'), h('dd', {}, h('code', {}, current.slug)),
    h('dt', {}, 'Id'), h('dd', {}, h('code', {}, current.id)),
    h('dt', {}, 'Parent'), h('dd', {}, current.parent ? h('a', {href: `#/categories/${encodeURIComponent(current.parent)}`}, current.parent) : '(top level)'),
    h('dt', {}, 'Subcategories'), h('dd', {}, children.length ? children.map(c => c.name).join(', ') : 'none'));
}

function renameForm(page, current) {
  const nameField = input({value: current.name});
  const form = h('form', {class: 'inline-form', novalidate: true, on: onSubmit(() => {
    run(page, () => api.patch(`/categories/${seg(current.slug)}`, {name: nameField.value.trim()}), form, () => {
      page.announce(`Renamed to ${nameField.value.trim()}.`);
      page.navigate(`#/categories/${encodeURIComponent(current.slug)}`);
    });
  })}, labelled('Name', nameField, {field: 'name', required: true}), h('button', {type: 'submit', class: 'btn'}, 'Rename'));
  return form;
}

function slugForm(page, current) {
  const slugField = input({value: current.slug});
  const form = h('form', {class: 'inline-form', novalidate: true, on: onSubmit(() => {
    const newSlug = slugField.value.trim();
    run(page, () => api.patch(`/categories/${seg(current.slug)}`, {slug: newSlug}), form, () => {
      page.announce(`The slug is now ${newSlug}.`);
      page.navigate(`#/categories/${encodeURIComponent(newSlug)}`);
    });
  })}, labelled('Slug', slugField, {field: 'slug', required: true, hint: 'Part of the storefront\'s addresses'}),
  h('button', {type: 'submit', class: 'btn'}, 'Change slug'));
  return form;
}

/** Moves the subtree under a place outside it (or to the top level); `subtree` holds the slugs not offered. */
function moveForm(page, current, subtree) {
  const moveSelect = select([['', '(top level: no parent)'],
    ...moveDestinations(page.tree, subtree).map(entry => [entry.slug, indentedName(entry)])], {value: current.parent || ''});
  const form = h('form', {class: 'inline-form', novalidate: true, on: onSubmit(() => {
    const target = moveSelect.value || null;
    run(page, () => api.patch(`/categories/${seg(current.slug)}`, {parent: target}), form, () => {
      page.announce(`Moved ${current.name} ${target ? 'under ' + moveSelect.selectedOptions[0].textContent.trim() : 'to the top level'}.`);
      page.navigate(`#/categories/${encodeURIComponent(current.slug)}`);
    }, e => e.kind === 'category-cycle' ? 'A category cannot move under itself or one of its own subcategories.' : null);
  })},
  labelled('Move to…', moveSelect, {field: 'parent', hint: moveHint(subtree.size)}),
  h('button', {type: 'submit', class: 'btn'}, 'Move'));
  return form;
}

function deleteButton(page, current, children) {
  return button('Delete category…', {class: 'btn btn-danger', on: {click: async () => {
    const sure = await confirmDialog({
      title: `Delete ${current.name}?`,
      message: 'The category is removed from the tree. Products keep their other categories. This cannot be undone.',
      confirmText: 'Delete category', danger: true});
    if (!sure) {
      return;
    }
    run(page, () => api.delete(`/categories/${seg(current.slug)}`), null, () => {
      page.announce(`Deleted ${current.name}.`);
      page.navigate(current.parent ? `#/categories/${encodeURIComponent(current.parent)}` : '#/categories');
    }, e => e instanceof ApiProblem && e.kind === 'category-has-children' ? hasChildrenExplanation(current.name, children) : null);
  }}});
}

/** A tree entry dropped onto another: the same move as the form's, after a confirmation. */
async function moveByDrop(page, draggedSlug, targetSlug) {
  const dragged = findNode(page.tree, draggedSlug);
  if (!dragged || draggedSlug === targetSlug) {
    return;
  }
  if (subtreeSlugs(dragged).has(targetSlug)) {
    showProblem(page.problemArea, new ApiProblem(0, {title: 'Not moved', detail: `${dragged.name} cannot move into its own subtree.`}));
    return;
  }
  const target = findNode(page.tree, targetSlug);
  const sure = await confirmDialog({title: `Move ${dragged.name}?`,
    message: `${dragged.name} and everything below it move under ${target.name}.`, confirmText: 'Move'});
  if (sure) {
    run(page, () => api.patch(`/categories/${seg(draggedSlug)}`, {parent: targetSlug}), null, () => {
      page.announce(`Moved ${dragged.name} under ${target.name}.`);
      page.navigate(`#/categories/${encodeURIComponent(draggedSlug)}`);
    });
  }
}

async function verify(page) {
  hideProblem(page.problemArea);
  fill(page.checkArea, h('p', {class: 'muted'}, 'Verifying…'));
  try {
    const report = (await api.get('/admin/categories/verify')).body;
    const summary = verifySummary(report);
    fill(page.checkArea,
      h('div', {class: report.healthy ? 'notice-inline' : 'problem', dataset: {healthy: String(report.healthy)}},
        h('p', {}, h('strong', {}, summary.headline), summary.sentence)),
      findingsTable(report.findings, 'Findings'));
  } catch (e) {
    clear(page.checkArea);
    showProblem(page.problemArea, e);
  }
}

/** Repairs the tree; when it fixed something, the page is drawn again from the repaired tree. */
async function repair(page) {
  hideProblem(page.problemArea);
  fill(page.checkArea, h('p', {class: 'muted'}, 'Repairing…'));
  try {
    const report = (await api.post('/admin/categories/repair')).body;
    const summary = repairSummary(report);
    fill(page.checkArea,
      h('div', {class: report.unrepairable.length ? 'problem' : 'notice-inline', dataset: {settled: String(report.settled)}},
        h('p', {}, h('strong', {}, summary.headline), summary.sentence)),
      findingsTable(report.fixed, 'Fixed'),
      findingsTable(report.unrepairable, 'Cannot be repaired'));
    if (report.fixedCount) {
      page.navigate(page.slug ? `#/categories/${encodeURIComponent(page.slug)}` : '#/categories');
    }
  } catch (e) {
    clear(page.checkArea);
    showProblem(page.problemArea, e);
  }
}

function renderTree(panel, roots, selected, onDrop) {
  fill(panel, h('h2', {id: 'tree-heading'}, 'Tree'),
    roots.length ? h('div', {class: 'tree'}, treeList(roots, selected, onDrop)) : h('p', {}, 'No categories yet.'),
    h('p', {class: 'hint'}, 'Tip: drag a category onto another to move it there.'));
}

/** One level of the tree as a list, each entry a link that can be dragged onto another. */
function treeList(nodes, selected, onDrop) {
  return h('ul', {}, nodes.map(node => h('li', {},
    h('a', {
      href: `#/categories/${encodeURIComponent(node.slug)}`,
      'aria-current': node.slug === selected ? 'page' : null,
      draggable: 'true',
      dataset: {slug: node.slug},
      on: {
        dragstart: event => event.dataTransfer.setData('text/x-category', node.slug),
        dragover: event => {
          if (event.dataTransfer.types.includes('text/x-category')) {
            event.preventDefault();
          }
        },
        drop: event => {
          event.preventDefault();
          onDrop(event.dataTransfer.getData('text/x-category'), node.slug);
        },
      },
    }, node.name, h('span', {class: 'slug'}, ` ${node.slug}`)),
    node.children && node.children.length ? treeList(node.children, selected, onDrop) : null)));
}

function breadcrumbs(category) {
  return h('nav', {class: 'breadcrumbs', 'aria-label': 'Breadcrumbs'},
    h('ol', {},
      h('li', {}, h('a', {href: '#/categories'}, 'All categories')),
      category.breadcrumbs.map(crumb => h('li', {}, h('a', {href: `#/categories/${encodeURIComponent(crumb.slug)}`}, crumb.name))),
      h('li', {'aria-current': 'page'}, category.name)));
}

function findingsTable(findings, caption) {
  if (!findings || !findings.length) {
    return null;
  }
  return h('div', {class: 'table-wrap'}, h('table', {class: 'findings'},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ['Category', 'Problem', 'Ancestors it carries', 'Ancestors from its parents'].map(t => h('th', {scope: 'col'}, t)))),
    h('tbody', {}, findings.map(finding => h('tr', {},
      h('td', {}, finding.slug), h('td', {}, finding.kind),
      h('td', {}, findingPath(finding.actual)), h('td', {}, finding.expected ? findingPath(finding.expected) : '—'))))));
}
