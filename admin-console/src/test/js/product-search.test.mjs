// node --test: the product search's pure logic (js/product-search.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  FACETS, TEXT_PARAMS, facetsParam, valuesOf, listingQuery, hashOf, withPick, withValues, facetOptions, formatCount,
  priceParam, priceRangeLabel, currencyOf, matchCount, resultSummary,
} from '../../main/resources/META-INF/admin-console/js/product-search.js';

const facet = name => FACETS.find(f => f.name === name);
const address = text => new URLSearchParams(text);

test('facets= names every facet, in order', () => {
  assert.equal(facetsParam(), 'type,genre,price,category');
});

test('the listing query keeps the text parameters (trimmed, blank ones out) and every picked value', () => {
  const query = listingQuery(address('q=+coltrain+&genre=Jazz&genre=Blues&genre=Jazz&genre=+&type=Film&price=500-1000'
    + '&price=5000-&category=jazz&category=rock&title=&sort=-price&limit=10&cursor=abc&gnre=typo'));
  assert.equal(query.get('q'), 'coltrain');
  assert.deepEqual(query.getAll('genre'), ['Jazz', 'Blues'], 'each genre once, the blank one left out');
  assert.deepEqual(query.getAll('type'), ['Film']);
  assert.deepEqual(query.getAll('price'), ['500-1000', '5000-']);
  assert.deepEqual(query.getAll('category'), ['jazz'], 'category is single-valued: the first one');
  assert.equal(query.has('title'), false);
  assert.equal(query.get('sort'), '-price');
  assert.equal(query.get('limit'), '10');
  assert.equal(query.get('cursor'), 'abc');
  assert.equal(query.get('facets'), 'type,genre,price,category');
  assert.equal(query.has('gnre'), false, 'only the listing\'s parameters are passed on');
});

test('an empty address asks for the first page with the facets only', () => {
  assert.equal(listingQuery(address('')).toString(), 'facets=type%2Cgenre%2Cprice%2Ccategory');
});

test('a text parameter given twice is sent once (the API refuses it twice)', () => {
  assert.deepEqual(listingQuery(address('q=a&q=b&limit=10&limit=20')).getAll('q'), ['a']);
  for (const name of TEXT_PARAMS) {
    assert.ok(!FACETS.some(f => f.param === name), `${name} is not also a facet parameter`);
  }
});

test('adding a facet is one entry: its name goes into facets=, its pick into the query, its counts into options', () => {
  // the availability facet as the API is to offer it: in-stock and sold-out counts, inStock=true as the filter
  const availability = {name: 'availability', title: 'Availability', param: 'inStock', multi: false,
    value: entry => (entry.value === 'in-stock' ? 'true' : null), label: entry => (entry.value === 'in-stock' ? 'In stock' : 'Sold out')};
  const facets = [...FACETS, availability];
  const query = listingQuery(address('inStock=true&genre=Jazz'), facets);
  assert.equal(query.get('facets'), 'type,genre,price,category,availability');
  assert.equal(query.get('inStock'), 'true');
  assert.deepEqual(facetOptions(availability, [{value: 'in-stock', count: 3}, {value: 'sold-out', count: 1}], address('inStock=true')), [
    {value: 'true', label: 'In stock', count: 3, picked: true},
    {value: null, label: 'Sold out', count: 1, picked: false},
  ]);
  assert.equal(withPick(address('inStock=true&genre=Jazz'), availability, 'true', false).toString(), 'genre=Jazz');
});

test('the page address', () => {
  assert.equal(hashOf(address('')), '#/products');
  assert.equal(hashOf(address('genre=Hard Bop')), '#/products?genre=Hard+Bop');
  assert.equal(hashOf(withValues(address(''), {q: 'a&b'})), '#/products?q=a%26b');
});

test('ticking a value of a multi-select facet adds it, unticking removes it; the cursor goes', () => {
  const genre = facet('genre');
  const start = address('genre=Jazz&q=blue&cursor=abc');
  const ticked = withPick(start, genre, 'Hard Bop', true);
  assert.deepEqual(ticked.getAll('genre'), ['Jazz', 'Hard Bop']);
  assert.equal(ticked.get('q'), 'blue');
  assert.equal(ticked.has('cursor'), false);
  assert.deepEqual(withPick(ticked, genre, 'Hard Bop', true).getAll('genre'), ['Jazz', 'Hard Bop'], 'never twice');
  assert.deepEqual(withPick(ticked, genre, 'Jazz', false).getAll('genre'), ['Hard Bop']);
  assert.equal(withPick(withPick(ticked, genre, 'Jazz', false), genre, 'Hard Bop', false).has('genre'), false);
  assert.deepEqual(start.getAll('genre'), ['Jazz'], 'the address it started from is unchanged');
});

test('picking a value of a single-select facet replaces the current one; unpicking removes it', () => {
  const category = facet('category');
  const down = withPick(address('category=jazz&genre=Jazz'), category, 'bop', true);
  assert.deepEqual(down.getAll('category'), ['bop']);
  assert.deepEqual(down.getAll('genre'), ['Jazz']);
  assert.equal(withPick(down, category, 'bop', false).has('category'), false);
});

test('the form\'s values: set when there is text, removed when blank; the cursor goes', () => {
  const next = withValues(address('title=old&keyword=x&genre=Jazz&cursor=abc'), {title: '  new ', keyword: ' ', sort: ''});
  assert.equal(next.get('title'), 'new');
  assert.equal(next.has('keyword'), false);
  assert.equal(next.has('sort'), false);
  assert.deepEqual(next.getAll('genre'), ['Jazz'], 'the facet picks stay');
  assert.equal(next.has('cursor'), false);
});

test('facet options: the answer\'s values with their counts, picked ones marked, a picked value the answer misses at 0', () => {
  const options = facetOptions(facet('genre'), [{value: 'Jazz', count: 7}, {value: 'Hard Bop', count: 3}],
    address('genre=Hard+Bop&genre=Polka'));
  assert.deepEqual(options, [
    {value: 'Jazz', label: 'Jazz', count: 7, picked: false},
    {value: 'Hard Bop', label: 'Hard Bop', count: 3, picked: true},
    {value: 'Polka', label: 'Polka', count: 0, picked: true},
  ]);
  assert.deepEqual(facetOptions(facet('type'), undefined, address('')), [], 'no entries: no options');
});

test('price options are picked as min-max and labelled in money', () => {
  const options = facetOptions(facet('price'), [{min: 0, max: 500, count: 0}, {min: 500, max: 1000, count: 4},
    {min: 5000, max: null, count: 1}], address('price=500-1000'), {currency: 'USD'});
  assert.deepEqual(options.map(o => [o.value, o.picked, o.count]), [['0-500', false, 0], ['500-1000', true, 4], ['5000-', false, 1]]);
  assert.equal(options.length, 3);
});

test('category options are picked by slug and labelled by name', () => {
  assert.deepEqual(facetOptions(facet('category'), [{slug: 'hard-bop', name: 'Hard Bop', count: 3}], address('category=bop')),
    [{value: 'hard-bop', label: 'Hard Bop', count: 3, picked: false}]);
});

test('counts are grouped in the locale', () => {
  assert.equal(formatCount(1204, 'en-US'), '1,204');
  assert.equal(formatCount(0, 'en-US'), '0');
});

test('a price bucket as the price parameter writes it', () => {
  assert.equal(priceParam({min: 500, max: 1000}), '500-1000');
  assert.equal(priceParam({min: 5000, max: null}), '5000-');
  assert.equal(priceParam({min: 0, max: 500}), '0-500');
});

test('a price bucket in money: the upper bound excluded, the ends in words', () => {
  assert.equal(priceRangeLabel({min: 0, max: 500}, 'USD', 'en-US'), 'Under $5.00');
  assert.equal(priceRangeLabel({min: 500, max: 1000}, 'USD', 'en-US'), '$5.00 – $9.99');
  assert.equal(priceRangeLabel({min: 5000, max: null}, 'USD', 'en-US'), '$50.00 and more');
  assert.equal(priceRangeLabel({min: 0, max: null}, 'USD', 'en-US'), 'Any price');
  assert.equal(priceRangeLabel({min: 500, max: 501}, 'USD', 'en-US'), '$5.00');
  assert.equal(priceRangeLabel({min: 123456, max: 200000}, 'USD', 'en-US'), '$1,234.56 – $1,999.99');
});

test('a price bucket in a currency without decimals, and without a currency', () => {
  assert.equal(priceRangeLabel({min: 500, max: 1000}, 'JPY', 'en-US'), '¥500 – ¥999');
  assert.equal(priceRangeLabel({min: 500, max: 1000}, null, 'en-US'), '500 – 999 (minor units)');
  assert.equal(priceRangeLabel({min: 5000, max: null}, null, 'en-US'), '5,000 and more (minor units)');
});

test('the currency of a page: its products\' one currency, else the fallback', () => {
  const priced = currency => ({pricing: {currency}});
  assert.equal(currencyOf([priced('USD'), priced('USD')]), 'USD');
  assert.equal(currencyOf([priced('USD'), priced('EUR')], 'USD'), 'USD');
  assert.equal(currencyOf([priced('USD'), priced('EUR')]), null);
  assert.equal(currencyOf([], 'EUR'), 'EUR');
  assert.equal(currencyOf(undefined), null);
});

test('the number of matches, from the price buckets: the picked ones, or all', () => {
  const facets = {price: [{min: 0, max: 500, count: 2}, {min: 500, max: 1000, count: 5}, {min: 1000, max: null, count: 6}]};
  assert.equal(matchCount(facets, address('')), 13);
  assert.equal(matchCount(facets, address('price=500-1000&price=1000-')), 11);
  assert.equal(matchCount(facets, address('price=0-500&genre=Jazz')), 2);
  assert.equal(matchCount({genre: []}, address('')), null);
  assert.equal(matchCount(undefined, address('')), null);
});

test('the sentence above the results', () => {
  assert.equal(resultSummary({shown: 10, matching: 13, laterPage: false, locale: 'en-US'}), '13 products match. 10 products on this page.');
  assert.equal(resultSummary({shown: 3, matching: 13, laterPage: true, locale: 'en-US'}),
    '13 products match. 3 products on this page (not the first page).');
  assert.equal(resultSummary({shown: 1, matching: 1, laterPage: false, locale: 'en-US'}), '1 product matches. 1 product on this page.');
  assert.equal(resultSummary({shown: 2, matching: null, laterPage: false, locale: 'en-US'}), '2 products on this page.');
  assert.equal(resultSummary({shown: 0, matching: 0, laterPage: false}), 'No product matches these filters.');
  assert.equal(resultSummary({shown: 20, matching: 1204, laterPage: false, locale: 'en-US'}), '1,204 products match. 20 products on this page.');
});

test('valuesOf: distinct, trimmed, non-blank, in order', () => {
  assert.deepEqual(valuesOf(address('a=x&a=+y+&a=&a=x'), 'a'), ['x', 'y']);
});
