// node --test: the categories page's logic (js/category-edits.js): the slug proposed from a name,
// where a subtree may move, and the sentences that explain a refusal, a verify and a repair.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  slugify, moveDestinations, moveHint, hasChildrenExplanation, verifySummary, repairSummary, findingPath,
} from '../../main/resources/META-INF/admin-console/js/category-edits.js';
import {findNode, subtreeSlugs} from '../../main/resources/META-INF/admin-console/js/data.js';

const TREE = [
  {id: '1', slug: 'music', name: 'Music', children: [
    {id: '2', slug: 'jazz', name: 'Jazz', children: [
      {id: '3', slug: 'hard-bop', name: 'Hard Bop', children: []},
      {id: '4', slug: 'free-jazz', name: 'Free Jazz', children: []}]},
    {id: '5', slug: 'rock', name: 'Rock', children: []}]},
  {id: '6', slug: 'films', name: 'Films', children: []},
];

test('a slug from a name: lower case, accents dropped, words joined by -, at most 64 characters', () => {
  assert.equal(slugify('Cool Jazz'), 'cool-jazz');
  assert.equal(slugify('  Musique Française & Chanson!  '), 'musique-francaise-chanson');
  assert.equal(slugify('Ärzte: 1980–1990'), 'arzte-1980-1990');
  assert.equal(slugify('---'), '');
  assert.equal(slugify('x'.repeat(80)).length, 64);
});

test('a subtree may move anywhere outside itself, in the order of the tree', () => {
  const jazz = findNode(TREE, 'jazz');
  assert.deepEqual(moveDestinations(TREE, subtreeSlugs(jazz)).map(entry => entry.slug), ['music', 'rock', 'films']);
  assert.deepEqual(moveDestinations(TREE, new Set(['films'])).map(entry => entry.slug),
    ['music', 'jazz', 'hard-bop', 'free-jazz', 'rock']);
  assert.equal(moveDestinations(TREE, subtreeSlugs(jazz)).find(entry => entry.slug === 'rock').depth, 1);
});

test('the move hint counts what moves along', () => {
  assert.equal(moveHint(1), 'It has no subcategories.');
  assert.equal(moveHint(2), 'Its 1 subcategory moves with it. Places inside its own subtree are not offered.');
  assert.equal(moveHint(subtreeSlugs(findNode(TREE, 'music')).size),
    'Its 4 subcategories move with it. Places inside its own subtree are not offered.');
});

test('a delete refused for children names them', () => {
  const tail = '. Move them elsewhere or delete them first: the platform never deletes a whole subtree at once, so no category is left without its parent.';
  assert.equal(hasChildrenExplanation('Jazz', findNode(TREE, 'jazz').children), `Jazz still has 2 subcategories (Hard Bop, Free Jazz)${tail}`);
  assert.equal(hasChildrenExplanation('Music', [{name: 'Jazz'}]), `Music still has 1 subcategory (Jazz)${tail}`);
  assert.equal(hasChildrenExplanation('Films', []), `Films still has 0 subcategories${tail}`,
    'the tree shown may be older than the service\'s');
});

test('the verify report in words', () => {
  assert.deepEqual(verifySummary({healthy: true, findings: []}),
    {headline: 'The tree is consistent.', sentence: ' Every category\'s copy of its ancestors matches its chain of parents.'});
  const broken = verifySummary({healthy: false, findings: [{}, {}]});
  assert.equal(broken.headline, '2 findings.');
  assert.match(broken.sentence, /Repair rewrites them from the parents\.$/);
  assert.equal(verifySummary({healthy: false, findings: [{}]}).headline, '1 finding.');
});

test('the repair report in words', () => {
  assert.deepEqual(repairSummary({fixedCount: 1, passes: 1, settled: true, unrepairable: []}),
    {headline: 'Repair: 1 category fixed in 1 pass.', sentence: ' The tree is settled.'});
  assert.deepEqual(repairSummary({fixedCount: 3, passes: 2, settled: false, unrepairable: [{}, {}]}), {
    headline: 'Repair: 3 categories fixed in 2 passes.',
    sentence: ' The tree is still changing (another move runs?): verify again in a moment.'
      + ' 2 cannot be repaired automatically (missing parent or cycle).',
  });
});

test('the ancestors of a finding, root first', () => {
  assert.equal(findingPath([{name: 'Music', slug: 'music'}, {slug: 'jazz'}]), 'Music › jazz');
  assert.equal(findingPath([]), '(top level)');
  assert.equal(findingPath(undefined), '(top level)');
});
