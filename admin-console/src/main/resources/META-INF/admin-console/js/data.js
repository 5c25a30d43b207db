// Reads several views share: the category tree (flattened for pickers) and the product types.

import {api} from './api.js';

/** The whole tree as the category service gives it: [{id, slug, name, children: […]}]. */
export async function loadTree() {
  const answer = await api.get('/categories', {tree: true});
  return answer.body.roots;
}

/**
 * The tree as a list in display order: {id, slug, name, depth, path (names root → node), node}.
 * Pickers show it indented; `path` makes each entry unambiguous when read out.
 */
export function flatten(roots) {
  const list = [];
  const walk = (nodes, depth, path) => {
    for (const node of nodes) {
      const here = [...path, node.name];
      list.push({id: node.id, slug: node.slug, name: node.name, depth, path: here, node});
      walk(node.children || [], depth + 1, here);
    }
  };
  walk(roots, 0, []);
  return list;
}

/** The node with this slug, or null. */
export function findNode(roots, slug) {
  for (const node of roots) {
    if (node.slug === slug) {
      return node;
    }
    const found = findNode(node.children || [], slug);
    if (found) {
      return found;
    }
  }
  return null;
}

/** Slugs of the node and of everything below it: where a subtree may not be moved. */
export function subtreeSlugs(node) {
  const slugs = new Set();
  const walk = n => {
    slugs.add(n.slug);
    (n.children || []).forEach(walk);
  };
  walk(node);
  return slugs;
}

export async function loadTypes() {
  const answer = await api.get('/product-types');
  return answer.body;
}

/** The option label of a category in an indented picker. */
export function indentedName(entry) {
  return `${'\u2003'.repeat(entry.depth)}${entry.name}`;
}
