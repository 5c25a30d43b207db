// node --test: the product form's logic (js/product-fields.js): a product as the form's map of texts,
// the write body from that map, the three-way merge after a conflict, and the form's sentences.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  CATEGORY_FIELD, newProductRaw, rawFromProduct, perCartHint, savingsText, bodyFromRaw, merge, clashNote, reloadedText, humanize,
} from '../../main/resources/META-INF/admin-console/js/product-fields.js';

const ALBUM = {
  name: 'Audio Album',
  attributes: [
    {name: 'artist', type: 'string', required: true},
    {name: 'genre', type: 'string_list'},
    {name: 'tracks_count', type: 'integer'},
    {name: 'rating', type: 'number'},
    {name: 'remastered', type: 'boolean'},
    {name: 'issue_date', type: 'date'},
  ],
};

/** A product as GET /api/products/{sku} answers it. */
function product(changes = {}) {
  return {
    sku: 'a-love-supreme', type: 'Audio Album', title: 'A Love Supreme', description: 'by John Coltrane',
    shipping: {weight: 170, dimensions: {width: 140, height: 125, depth: 10}},
    pricing: {currency: 'USD', list: 1200, retail: 1100, savings: 100, pct_savings: 8},
    category_ids: ['65f0c0ffee00000000000002', '65f0c0ffee00000000000001'],
    details: {artist: 'John Coltrane', genre: ['Jazz', 'Hard Bop'], tracks_count: 4, remastered: false, issue_date: '1965-02-01'},
    keywords: ['cape cod', 'love', 'supreme', 'john', 'coltrane', 'jazz', 'hard', 'bop'],
    keywords_extra: ['cape cod'],
    max_per_cart: 10, max_per_cart_source: 'platform', version: 3,
    ...changes,
  };
}

test('a product as the form shows it: texts, prices in major units, lists one per line, categories sorted', () => {
  assert.deepEqual(rawFromProduct(product(), ALBUM), {
    sku: 'a-love-supreme', type: 'Audio Album', title: 'A Love Supreme', description: 'by John Coltrane',
    'pricing.currency': 'USD', 'pricing.list': '12.00', 'pricing.retail': '11.00',
    'shipping.weight': '170', 'shipping.dimensions.width': '140', 'shipping.dimensions.height': '125', 'shipping.dimensions.depth': '10',
    [CATEGORY_FIELD]: '65f0c0ffee00000000000001,65f0c0ffee00000000000002',
    keywords: 'cape cod',
    max_per_cart: '',
    'details.artist': 'John Coltrane', 'details.genre': 'Jazz\nHard Bop', 'details.tracks_count': '4', 'details.rating': '',
    'details.remastered': 'false', 'details.issue_date': '1965-02-01',
  });
});

test('the keywords shown are those the catalog names as typed by hand, whatever the words of title and details', () => {
  assert.equal(rawFromProduct(product({keywords_extra: []}), ALBUM).keywords, '');
  assert.equal(rawFromProduct(product({keywords_extra: ['cape cod', 'the']}), ALBUM).keywords, 'cape cod\nthe',
    'the console applies no rule of its own: a stop word the catalog names is shown');
});

test('a catalog that does not name the typed keywords: every keyword is shown, so a save loses none', () => {
  const older = product();
  delete older.keywords_extra;
  assert.equal(rawFromProduct(older, ALBUM).keywords, older.keywords.join('\n'));
  delete older.keywords;
  assert.equal(rawFromProduct(older, ALBUM).keywords, '');
});

test('only the product\'s own limit fills "Most per cart"; an inherited one is the hint', () => {
  assert.equal(rawFromProduct(product({max_per_cart: 4, max_per_cart_source: 'product'}), ALBUM).max_per_cart, '4');
  assert.equal(rawFromProduct(product({max_per_cart: 3, max_per_cart_source: 'type'}), ALBUM).max_per_cart, '');
  assert.equal(perCartHint(product({max_per_cart: 3, max_per_cart_source: 'type'})),
    'Units one cart may hold, 1 to 1000. Empty: 3 from its type.');
  assert.equal(perCartHint(product()), 'Units one cart may hold, 1 to 1000. Empty: 10 from the platform default.');
  assert.equal(perCartHint(null), "Units one cart may hold, 1 to 1000. Empty: the type's limit, else the platform default.");
});

test('without shipping, description or a declared type the form is empty there', () => {
  const raw = rawFromProduct(product({shipping: undefined, description: undefined, details: undefined}), null);
  assert.equal(raw['shipping.weight'], '');
  assert.equal(raw['shipping.dimensions.depth'], '');
  assert.equal(raw.description, '');
  assert.ok(!Object.keys(raw).some(key => key.startsWith('details.')));
});

test('prices in a currency of 0 or 3 decimals', () => {
  const yen = rawFromProduct(product({pricing: {currency: 'JPY', list: 1500, retail: 1200}}), ALBUM);
  assert.equal(yen['pricing.list'], '1500');
  const dinar = rawFromProduct(product({pricing: {currency: 'BHD', list: 1500, retail: 5}}), ALBUM);
  assert.equal(dinar['pricing.list'], '1.500');
  assert.equal(dinar['pricing.retail'], '0.005');
});

test('what the form shows is what a save sends back', () => {
  const shown = product();
  const body = bodyFromRaw(rawFromProduct(shown, ALBUM), ALBUM, false);
  assert.deepEqual(body, {
    type: 'Audio Album', title: 'A Love Supreme',
    pricing: {currency: 'USD', list: 1200, retail: 1100},
    details: {artist: 'John Coltrane', genre: ['Jazz', 'Hard Bop'], tracks_count: 4, remastered: false, issue_date: '1965-02-01'},
    description: 'by John Coltrane',
    shipping: {weight: 170, dimensions: {width: 140, height: 125, depth: 10}},
    category_ids: ['65f0c0ffee00000000000001', '65f0c0ffee00000000000002'],
    keywords: ['cape cod'],
  });
  assert.ok(!('sku' in body), 'an edit does not send the sku');
  assert.equal(bodyFromRaw(rawFromProduct(shown, ALBUM), ALBUM, true).sku, 'a-love-supreme');
});

test('a new product: only what was typed, trimmed; empty parts are left out', () => {
  const raw = {...newProductRaw('Audio Album'), sku: ' new-1 ', title: ' Blue Train ', 'pricing.list': '9.99', 'pricing.retail': '9.99',
    'details.artist': ' John Coltrane ', 'details.genre': 'Jazz\n\n  Hard Bop \n', 'details.rating': '4.5',
    'shipping.dimensions.width': '10', keywords: ' cape cod \n\n whaling ', max_per_cart: '2'};
  assert.deepEqual(bodyFromRaw(raw, ALBUM, true), {
    type: 'Audio Album', title: 'Blue Train', pricing: {currency: 'USD', list: 999, retail: 999},
    details: {artist: 'John Coltrane', genre: ['Jazz', 'Hard Bop'], rating: 4.5},
    sku: 'new-1', shipping: {dimensions: {width: 10}}, category_ids: [], max_per_cart: 2, keywords: ['cape cod', 'whaling'],
  });
  assert.deepEqual(bodyFromRaw({...raw, 'shipping.dimensions.width': ''}, ALBUM, true).shipping, undefined);
  assert.equal(bodyFromRaw({...raw, 'pricing.currency': 'jpy', 'pricing.list': '1500', 'pricing.retail': '1500'}, ALBUM, true)
    .pricing.currency, 'JPY');
});

/** The local problem a body refuses with: its field and detail. */
function refusal(raw) {
  try {
    bodyFromRaw(raw, ALBUM, true);
  } catch (e) {
    return [e.field, e.detail];
  }
  return null;
}

test('values the console can tell are wrong are refused before sending, naming the field', () => {
  const good = {...newProductRaw('Audio Album'), sku: 's', title: 't', 'pricing.list': '1', 'pricing.retail': '1', 'details.artist': 'a'};
  assert.equal(refusal(good), null);
  assert.deepEqual(refusal({...good, 'pricing.list': ''}), ['pricing.list', "'pricing.list' is required"]);
  assert.deepEqual(refusal({...good, 'pricing.retail': '1.234'}), ['pricing.retail', "USD has 2 decimals: '1.234' has 3"]);
  assert.deepEqual(refusal({...good, 'pricing.currency': 'JPY', 'pricing.list': '1.5'}), ['pricing.list', "JPY has 0 decimals: '1.5' has 1"]);
  assert.deepEqual(refusal({...good, 'shipping.weight': '4x'}), ['shipping.weight', "'shipping.weight' must be a whole number of at least 0, not '4x'"]);
  assert.deepEqual(refusal({...good, max_per_cart: '-1'}), ['max_per_cart', "'max_per_cart' must be a whole number of at least 0, not '-1'"]);
  assert.deepEqual(refusal({...good, 'details.tracks_count': '2.5'}), ['details.tracks_count', "'details.tracks_count' must be a whole number, not '2.5'"]);
  assert.deepEqual(refusal({...good, 'details.rating': 'high'}), ['details.rating', "'details.rating' must be a number, not 'high'"]);
  assert.deepEqual(bodyFromRaw({...good, 'details.tracks_count': '-3', 'details.rating': '.5e1'}, ALBUM, true).details,
    {artist: 'a', tracks_count: -3, rating: 5});
});

test('the discount under the prices', () => {
  assert.equal(savingsText({'pricing.currency': 'USD', 'pricing.list': '12.00', 'pricing.retail': '11.00'}), 'Discount: $1.00 (8 %)');
  assert.equal(savingsText({'pricing.currency': 'USD', 'pricing.list': '0', 'pricing.retail': '0'}), 'Discount: $0.00 (0 %)');
  assert.equal(savingsText({'pricing.currency': 'USD', 'pricing.list': '1', 'pricing.retail': '2'}), 'The selling price is above the list price.');
  assert.equal(savingsText({'pricing.currency': 'BHD', 'pricing.list': '1.2345', 'pricing.retail': '1'}), 'Prices in BHD with 3 decimals.');
  assert.equal(savingsText({'pricing.currency': '', 'pricing.list': '', 'pricing.retail': ''}), 'Prices in the currency with 2 decimals.');
});

test('the merge keeps my changes, takes theirs elsewhere, and reports the fields both sides changed', () => {
  const base = {title: 'A', description: 'x', keywords: '', 'pricing.list': '1.00'};
  const mine = {title: 'A (mine)', description: 'x', keywords: 'cape cod', 'pricing.list': '2.00'};
  const theirs = {title: 'A (theirs)', description: 'y', keywords: '', 'pricing.list': '2.00', 'details.new': 'z'};
  assert.deepEqual(merge(base, mine, theirs), {
    merged: {title: 'A (mine)', description: 'y', keywords: 'cape cod', 'pricing.list': '2.00', 'details.new': 'z'},
    clashes: [['title', 'A (theirs)']],
  });
});

test('the sentences after a conflict', () => {
  assert.equal(clashNote('Jazz\nBlues'), 'Also changed meanwhile, to: Jazz, Blues. Yours is kept; saving overwrites theirs.');
  assert.equal(clashNote(''), 'Also changed meanwhile, to: (empty). Yours is kept; saving overwrites theirs.');
  assert.equal(reloadedText(4, false, 0), 'Version 4 is loaded; your changes were discarded.');
  assert.equal(reloadedText(4, true, 0), 'Version 4 is loaded with your changes on top. Review, then save.');
  assert.equal(reloadedText(4, true, 1), 'Version 4 is loaded with your changes on top; 1 field changed on both sides (marked). Review, then save.');
  assert.equal(reloadedText(4, true, 2), 'Version 4 is loaded with your changes on top; 2 fields changed on both sides (marked). Review, then save.');
});

test('an attribute\'s label', () => {
  assert.equal(humanize('issue_date'), 'Issue date');
  assert.equal(humanize('artist'), 'Artist');
});
