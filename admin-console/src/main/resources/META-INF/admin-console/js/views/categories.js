// The category tree: shown whole, one category at a time edited beside it (rename, new slug, move
// the subtree, add a child, delete), with its breadcrumbs; Verify and Repair check the copies of the
// ancestors that every category carries. Moving offers only places outside the category's own
// subtree (the service would refuse them with 409 category-cycle); a tree entry can also be dragged
// onto another one.

import {api, seg, ApiProblem} from '../api.js';
import {h, labelled, input, select, button, clear, focus, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {loadTree, flatten, findNode, subtreeSlugs, indentedName} from '../data.js';
import {confirmDialog} from '../dialog.js';

export async function categoriesView(container, {params, navigate, announce}) {
  const slug = params[0] || null;
  const problemArea = h('div', {hidden: true});
  const checkArea = h('div', {class: 'check-result', 'aria-live': 'polite'});
  const treePanel = h('section', {class: 'tree-panel', 'aria-labelledby': 'tree-heading'},
    h('h2', {id: 'tree-heading'}, 'Tree'), h('p', {class: 'muted'}, 'Loading…'));
  const detailPanel = h('section', {class: 'detail-panel', 'aria-labelledby': 'detail-heading'});
  append(container,
    h('div', {class: 'title-row'}, h('h1', {}, 'Categories'),
      h('div', {class: 'actions'},
        button('Verify the tree', {class: 'btn', on: {click: verify}}),
        button('Repair the tree', {class: 'btn', on: {click: repair}}))),
    checkArea, problemArea,
    h('div', {class: 'split'}, treePanel, detailPanel));

  let tree;
  let category = null;
  try {
    [tree, category] = await Promise.all([loadTree(), slug ? api.get(`/categories/${seg(slug)}`).then(a => a.body) : null]);
  } catch (e) {
    showProblem(problemArea, e, slug && e.status === 404 ? 'It may have been renamed, moved or deleted: pick it again in the tree.' : null);
    tree = tree || await loadTree().catch(() => []);
  }
  renderTree(treePanel, tree, slug, moveByDrop);
  if (category) {
    renderDetail(detailPanel, category, tree);
  } else {
    renderRootForm(detailPanel);
  }

  async function run(action, form, onSuccess, explain) {
    hideProblem(problemArea);
    if (form) {
      clearMarks(form);
    }
    try {
      const answer = await action();
      onSuccess(answer);
    } catch (e) {
      showProblem(problemArea, e, explain ? explain(e) : null);
      if (!form || !markFields(form, e)) {
        focus(problemArea);
      }
    }
  }

  function renderRootForm(panel) {
    const form = childForm(null);
    fill(panel, h('h2', {id: 'detail-heading'}, 'Add a top-level category'),
      h('p', {class: 'muted'}, 'Choose a category in the tree to rename, move or delete it, or to add a subcategory.'), form);
  }

  function childForm(parentSlug) {
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
    const form = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      const body = {name: name.value.trim(), slug: slugField.value.trim()};
      if (parentSlug) {
        body.parent = parentSlug;
      }
      run(() => api.post('/categories', body), form, answer => {
        announce(`Added ${answer.body.name}.`);
        navigate(`#/categories/${encodeURIComponent(answer.body.slug)}`);
      });
    }}},
    labelled(parentSlug ? 'Name of the subcategory' : 'Name', name, {field: 'name', required: true}),
    labelled('Slug', slugField, {field: 'slug', required: true, hint: 'lower-case words joined by -, e.g. cool-jazz'}),
    h('button', {type: 'submit', class: 'btn btn-primary'}, parentSlug ? 'Add subcategory' : 'Add category'));
    return form;
  }

  function renderDetail(panel, current, roots) {
    const node = findNode(roots, current.slug);
    const children = node ? node.children : [];
    const excluded = node ? subtreeSlugs(node) : new Set([current.slug]);

    const nameField = input({value: current.name});
    const renameForm = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      run(() => api.patch(`/categories/${seg(current.slug)}`, {name: nameField.value.trim()}), renameForm, () => {
        announce(`Renamed to ${nameField.value.trim()}.`);
        navigate(`#/categories/${encodeURIComponent(current.slug)}`);
      });
    }}}, labelled('Name', nameField, {field: 'name', required: true}), h('button', {type: 'submit', class: 'btn'}, 'Rename'));

    const slugField = input({value: current.slug});
    const slugForm = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      const newSlug = slugField.value.trim();
      run(() => api.patch(`/categories/${seg(current.slug)}`, {slug: newSlug}), slugForm, () => {
        announce(`The slug is now ${newSlug}.`);
        navigate(`#/categories/${encodeURIComponent(newSlug)}`);
      });
    }}}, labelled('Slug', slugField, {field: 'slug', required: true, hint: 'Part of the storefront\'s addresses'}),
    h('button', {type: 'submit', class: 'btn'}, 'Change slug'));

    const destinations = flatten(roots).filter(entry => !excluded.has(entry.slug));
    const moveSelect = select([['', '(top level: no parent)'], ...destinations.map(entry => [entry.slug, indentedName(entry)])],
      {value: current.parent || ''});
    const moveForm = h('form', {class: 'inline-form', novalidate: true, on: {submit: event => {
      event.preventDefault();
      const target = moveSelect.value || null;
      run(() => api.patch(`/categories/${seg(current.slug)}`, {parent: target}), moveForm, () => {
        announce(`Moved ${current.name} ${target ? 'under ' + moveSelect.selectedOptions[0].textContent.trim() : 'to the top level'}.`);
        navigate(`#/categories/${encodeURIComponent(current.slug)}`);
      }, e => e.kind === 'category-cycle' ? 'A category cannot move under itself or one of its own subcategories.' : null);
    }}},
    labelled('Move to…', moveSelect, {field: 'parent',
      hint: excluded.size > 1
        ? `Its ${excluded.size - 1} subcategor${excluded.size === 2 ? 'y moves' : 'ies move'} with it. Places inside its own subtree are not offered.`
        : 'It has no subcategories.'}),
    h('button', {type: 'submit', class: 'btn'}, 'Move'));

    const remove = button('Delete category…', {class: 'btn btn-danger', on: {click: async () => {
      const sure = await confirmDialog({
        title: `Delete ${current.name}?`,
        message: 'The category is removed from the tree. Products keep their other categories. This cannot be undone.',
        confirmText: 'Delete category', danger: true});
      if (!sure) {
        return;
      }
      run(() => api.delete(`/categories/${seg(current.slug)}`), null, () => {
        announce(`Deleted ${current.name}.`);
        navigate(current.parent ? `#/categories/${encodeURIComponent(current.parent)}` : '#/categories');
      }, e => e instanceof ApiProblem && e.kind === 'category-has-children'
        ? `${current.name} still has ${children.length} subcategor${children.length === 1 ? 'y' : 'ies'}`
          + (children.length ? ` (${children.map(c => c.name).join(', ')})` : '')
          + '. Move them elsewhere or delete them first: the platform never deletes a whole subtree at once, so no category is left without its parent.'
        : null);
    }}});

    fill(panel,
      breadcrumbs(current),
      h('h2', {id: 'detail-heading', tabindex: '-1'}, current.name),
      h('dl', {class: 'facts'},
        h('dt', {}, 'Slug'), h('dd', {}, h('code', {}, current.slug)),
        h('dt', {}, 'Id'), h('dd', {}, h('code', {}, current.id)),
        h('dt', {}, 'Parent'), h('dd', {}, current.parent ? h('a', {href: `#/categories/${encodeURIComponent(current.parent)}`}, current.parent) : '(top level)'),
        h('dt', {}, 'Subcategories'), h('dd', {}, children.length ? children.map(c => c.name).join(', ') : 'none')),
      h('p', {}, h('a', {href: `#/products?category=${encodeURIComponent(current.slug)}`}, `Products in ${current.name} and its subcategories`)),
      h('h3', {}, 'Rename'), renameForm,
      h('h3', {}, 'Change the slug'), slugForm,
      h('h3', {}, 'Move the subtree'), moveForm,
      h('h3', {}, 'Add a subcategory'), childForm(current.slug),
      h('h3', {}, 'Delete'), h('div', {class: 'actions'}, remove));
  }

  async function moveByDrop(draggedSlug, targetSlug) {
    const dragged = findNode(tree, draggedSlug);
    if (!dragged || draggedSlug === targetSlug) {
      return;
    }
    if (subtreeSlugs(dragged).has(targetSlug)) {
      showProblem(problemArea, new ApiProblem(0, {title: 'Not moved', detail: `${dragged.name} cannot move into its own subtree.`}));
      return;
    }
    const target = findNode(tree, targetSlug);
    const sure = await confirmDialog({title: `Move ${dragged.name}?`,
      message: `${dragged.name} and everything below it move under ${target.name}.`, confirmText: 'Move'});
    if (sure) {
      run(() => api.patch(`/categories/${seg(draggedSlug)}`, {parent: targetSlug}), null, () => {
        announce(`Moved ${dragged.name} under ${target.name}.`);
        navigate(`#/categories/${encodeURIComponent(draggedSlug)}`);
      });
    }
  }

  async function verify() {
    hideProblem(problemArea);
    fill(checkArea, h('p', {class: 'muted'}, 'Verifying…'));
    try {
      const report = (await api.get('/admin/categories/verify')).body;
      fill(checkArea,
        h('div', {class: report.healthy ? 'notice-inline' : 'problem', dataset: {healthy: String(report.healthy)}},
          h('p', {}, h('strong', {}, report.healthy ? 'The tree is consistent.' : `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}.`),
            report.healthy ? ' Every category\'s copy of its ancestors matches its chain of parents.'
              : ' Some categories carry ancestors that do not match their parents (a move was interrupted). Repair rewrites them from the parents.')),
        findingsTable(report.findings, 'Findings'));
    } catch (e) {
      clear(checkArea);
      showProblem(problemArea, e);
    }
  }

  async function repair() {
    hideProblem(problemArea);
    fill(checkArea, h('p', {class: 'muted'}, 'Repairing…'));
    try {
      const report = (await api.post('/admin/categories/repair')).body;
      fill(checkArea,
        h('div', {class: report.unrepairable.length ? 'problem' : 'notice-inline', dataset: {settled: String(report.settled)}},
          h('p', {}, h('strong', {}, `Repair: ${report.fixedCount} categor${report.fixedCount === 1 ? 'y' : 'ies'} fixed in ${report.passes} pass${report.passes === 1 ? '' : 'es'}.`),
            report.settled ? ' The tree is settled.' : ' The tree is still changing (another move runs?): verify again in a moment.',
            report.unrepairable.length ? ` ${report.unrepairable.length} cannot be repaired automatically (missing parent or cycle).` : '')),
        findingsTable(report.fixed, 'Fixed'),
        findingsTable(report.unrepairable, 'Cannot be repaired'));
      if (report.fixedCount) {
        navigate(slug ? `#/categories/${encodeURIComponent(slug)}` : '#/categories');
      }
    } catch (e) {
      clear(checkArea);
      showProblem(problemArea, e);
    }
  }
}

function renderTree(panel, roots, selected, onDrop) {
  const list = nodes => h('ul', {}, nodes.map(node => h('li', {},
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
    node.children && node.children.length ? list(node.children) : null)));
  fill(panel, h('h2', {id: 'tree-heading'}, 'Tree'),
    roots.length ? h('div', {class: 'tree'}, list(roots)) : h('p', {}, 'No categories yet.'),
    h('p', {class: 'hint'}, 'Tip: drag a category onto another to move it there.'));
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
  const path = crumbs => (crumbs || []).map(c => c.name || c.slug).join(' › ') || '(top level)';
  return h('div', {class: 'table-wrap'}, h('table', {class: 'findings'},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ['Category', 'Problem', 'Ancestors it carries', 'Ancestors from its parents'].map(t => h('th', {scope: 'col'}, t)))),
    h('tbody', {}, findings.map(finding => h('tr', {},
      h('td', {}, finding.slug), h('td', {}, finding.kind),
      h('td', {}, path(finding.actual)), h('td', {}, finding.expected ? path(finding.expected) : '—'))))));
}

function slugify(name) {
  return name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
}
