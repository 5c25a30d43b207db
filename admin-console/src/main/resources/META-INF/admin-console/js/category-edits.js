// The categories page's logic, apart from the page: a slug proposed from a name, the places a subtree
// may move to, and the sentences that explain a refusal, a verify and a repair. Pure: no DOM, no
// fetch, so Node's test runner checks it (src/test/js/category-edits.test.mjs).

import {flatten} from './data.js';

/** "Cool Jazz" → "cool-jazz": lower-case letters and digits joined by -, accents dropped, at most 64. */
export function slugify(name) {
  return name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
}

/** The entries of the tree (flattened, in display order) a category may move under: none of `excluded`, its own subtree. */
export function moveDestinations(roots, excluded) {
  return flatten(roots).filter(entry => !excluded.has(entry.slug));
}

/** The hint under "Move to…": what moves along, for a subtree of `subtreeSize` categories (itself included). */
export function moveHint(subtreeSize) {
  if (subtreeSize <= 1) {
    return 'It has no subcategories.';
  }
  const below = subtreeSize - 1;
  return `Its ${below} subcategor${below === 1 ? 'y moves' : 'ies move'} with it. Places inside its own subtree are not offered.`;
}

/** Why a category with children was not deleted (409 category-has-children), naming them. */
export function hasChildrenExplanation(name, children) {
  return `${name} still has ${children.length} subcategor${children.length === 1 ? 'y' : 'ies'}`
    + (children.length ? ` (${children.map(c => c.name).join(', ')})` : '')
    + '. Move them elsewhere or delete them first: the platform never deletes a whole subtree at once, so no category is left without its parent.';
}

/** The verify report in words: a headline and the sentence after it. */
export function verifySummary(report) {
  const count = report.findings.length;
  return report.healthy
    ? {headline: 'The tree is consistent.', sentence: ' Every category\'s copy of its ancestors matches its chain of parents.'}
    : {headline: `${count} finding${count === 1 ? '' : 's'}.`,
      sentence: ' Some categories carry ancestors that do not match their parents (a move was interrupted). Repair rewrites them from the parents.'};
}

/** The repair report in words: a headline and the sentences after it. */
export function repairSummary(report) {
  const fixed = report.fixedCount;
  const left = report.unrepairable.length;
  return {
    headline: `Repair: ${fixed} categor${fixed === 1 ? 'y' : 'ies'} fixed in ${report.passes} pass${report.passes === 1 ? '' : 'es'}.`,
    sentence: (report.settled ? ' The tree is settled.' : ' The tree is still changing (another move runs?): verify again in a moment.')
      + (left ? ` ${left} cannot be repaired automatically (missing parent or cycle).` : ''),
  };
}

/** Ancestors as a finding lists them, root › … › parent. */
export function findingPath(crumbs) {
  return (crumbs || []).map(c => c.name || c.slug).join(' › ') || '(top level)';
}
