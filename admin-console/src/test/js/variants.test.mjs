// node --test: the variant grid's logic (js/variants.js): a product's options and variants as the
// grid holds them, adding an option and a value (limited to the type's), the write's options and
// variants, the stock to set per sku, the merge after a conflict, and a variant named with its product.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  newGrid, gridFromProduct, withStock, optionsToAdd, valuesToAdd, addOption, addOptionValue, suggestSku, addRow,
  removeRow, retire, typed, variantsBody, stockWrites, optionText, variantLabel, mergeGrids,
} from '../../main/resources/META-INF/admin-console/js/variants.js';

const APPAREL = {
  name: 'Apparel',
  attributes: [{name: 'brand', type: 'string', required: true}],
  options: [{name: 'size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL']}, {name: 'colour'}],
};

const PRICING = {currency: 'USD', list: 2500, retail: 2000, savings: 500, pct_savings: 20};

/** An Apparel product as GET /api/products/{sku} answers it: sizes S and M, M with a price of its own. */
function tee(changes = {}) {
  return {
    sku: 'tee', type: 'Apparel', title: 'Tee', pricing: PRICING, details: {brand: 'Acme'}, version: 4,
    options: [{name: 'size', values: ['S', 'M']}],
    variants: [
      {sku: 'tee-s', options: {size: 'S'}, pricing: PRICING, available: true},
      {sku: 'tee-m', options: {size: 'M'}, pricing: {currency: 'USD', list: 2500, retail: 1800, savings: 700, pct_savings: 28},
        details: {brand: 'Acme Kids'}, available: true},
    ],
    ...changes,
  };
}

/** The grid's rows without their ids (fresh per row), for comparing. */
function rows(grid) {
  return grid.rows.map(({id, ...rest}) => rest);
}

test('a product as the grid shows it: a price equal to the product\'s is left empty, an own price in major units', () => {
  const grid = withStock(gridFromProduct(tee()), {'tee-s': 7, 'tee-m': null});
  assert.deepEqual(grid.options, [{name: 'size', values: ['S', 'M']}]);
  assert.deepEqual(rows(grid), [
    {sku: 'tee-s', saved: true, key: false, retired: false, options: {size: 'S'}, list: '', retail: '', stock: '7', stockWas: '7', details: null},
    {sku: 'tee-m', saved: true, key: false, retired: false, options: {size: 'M'}, list: '25.00', retail: '18.00', stock: '', stockWas: '',
      details: {brand: 'Acme Kids'}},
  ]);
});

test('a product without options, or from a catalog older than variants, is the one row of its key', () => {
  const plain = gridFromProduct({sku: 'moanin', title: 'Moanin', pricing: PRICING, options: [],
    variants: [{sku: 'moanin', options: {}, pricing: PRICING, available: true}]});
  assert.deepEqual(plain.options, []);
  assert.deepEqual(rows(plain).map(r => [r.sku, r.key, r.saved]), [['moanin', true, true]]);
  const older = gridFromProduct({sku: 'moanin', title: 'Moanin', pricing: PRICING});
  assert.deepEqual(rows(older).map(r => [r.sku, r.key, r.saved]), [['moanin', true, true]]);
  assert.deepEqual(variantsBody(older, PRICING), {}, 'nothing about variants is written for it');
  assert.deepEqual(rows(newGrid()).map(r => [r.sku, r.key, r.saved]), [['', true, false]]);
});

test('only the type\'s options can be added, and a closed list offers the values the option has not', () => {
  const grid = gridFromProduct(tee());
  assert.deepEqual(optionsToAdd(APPAREL, grid).map(o => o.name), ['colour']);
  assert.deepEqual(optionsToAdd({name: 'Film', attributes: []}, grid), [], 'a type without options offers none');
  assert.deepEqual(valuesToAdd(APPAREL, grid.options[0]), ['XS', 'L', 'XL', 'XXL']);
  assert.equal(valuesToAdd(APPAREL, {name: 'colour', values: ['black']}), null, 'colour is free text');
});

test('adding a size adds its variant, in the type\'s order of sizes, with a sku made from the key', () => {
  const grid = addOptionValue(gridFromProduct(tee()), 'size', 'L', APPAREL, 'tee');
  assert.deepEqual(grid.options, [{name: 'size', values: ['S', 'M', 'L']}]);
  const added = grid.rows[2];
  assert.deepEqual([added.sku, added.saved, added.options, added.list, added.stock], ['tee-l', false, {size: 'L'}, '', '']);
  const xs = addOptionValue(grid, 'size', 'XS', APPAREL, 'tee');
  assert.deepEqual(xs.options[0].values, ['XS', 'S', 'M', 'L'], 'XS goes first, as the type lists it');
});

test('a value the type does not allow, one the option has, or none, is refused naming options[i].values', () => {
  const grid = gridFromProduct(tee());
  for (const [value, says] of [['XXXL', "'XXXL' is not a size of this type: one of XS, S, M, L, XL, XXL"],
    ['M', "'size' has the value 'M' already"], ['  ', "Type a value of 'size' to add"]]) {
    assert.throws(() => addOptionValue(grid, 'size', value, APPAREL, 'tee'),
      e => e.field === 'options[0].values' && e.detail === says && e.status === 0, value);
  }
});

test('a second option: the rows get an empty value for it, the first value fills them, the next adds a row per size', () => {
  let grid = addOption(gridFromProduct(tee()), 'colour', 'tee');
  assert.deepEqual(grid.rows.map(r => r.options), [{size: 'S', colour: ''}, {size: 'M', colour: ''}]);
  assert.throws(() => variantsBody(grid, PRICING), e => e.field === 'options[1].values');
  grid = addOptionValue(grid, 'colour', 'Black', APPAREL, 'tee');
  assert.deepEqual(grid.rows.map(r => [r.sku, r.options]), [['tee-s', {size: 'S', colour: 'Black'}], ['tee-m', {size: 'M', colour: 'Black'}]]);
  grid = addOptionValue(grid, 'colour', 'Navy Blue', APPAREL, 'tee');
  assert.deepEqual(grid.options[1].values, ['Black', 'Navy Blue'], 'a free value goes last');
  assert.deepEqual(grid.rows.slice(2).map(r => [r.sku, r.options]), [
    ['tee-s-navy-blue', {size: 'S', colour: 'Navy Blue'}], ['tee-m-navy-blue', {size: 'M', colour: 'Navy Blue'}]]);
});

test('adding an option to a product without options makes its one row a variant sold under the key', () => {
  let grid = addOption(gridFromProduct({sku: 'hoodie', title: 'Hoodie', pricing: PRICING}), 'size', 'hoodie');
  grid = addOptionValue(grid, 'size', 'M', APPAREL, 'hoodie');
  assert.deepEqual(rows(grid).map(r => [r.sku, r.key, r.saved, r.options]), [['hoodie', false, true, {size: 'M'}]]);
  grid = addOptionValue(grid, 'size', 'L', APPAREL, 'hoodie');
  assert.deepEqual(grid.rows.map(r => r.sku), ['hoodie', 'hoodie-l']);
});

test('a suggested sku keeps to the sku rule: lower case, letters, digits, _ . -, at most 64', () => {
  assert.equal(suggestSku('Tee', ['XL', 'Navy / Blue']), 'tee-xl-navy-blue');
  assert.equal(suggestSku('', ['M']), 'm');
  assert.equal(suggestSku('x'.repeat(63), ['M']).length, 63, 'cut at 64, without a trailing dash');
});

test('the write: options, every variant in order, an own price in minor units with the product\'s for an empty one', () => {
  let grid = addOptionValue(gridFromProduct(tee()), 'size', 'L', APPAREL, 'tee');
  const l = grid.rows[2].id;
  grid = typed(grid, l, 'retail', '19.5');
  grid = retire(grid, 'tee-s');
  assert.deepEqual(variantsBody(grid, PRICING), {
    options: [{name: 'size', values: ['S', 'M', 'L']}],
    variants: [
      {sku: 'tee-s', options: {size: 'S'}, retired: true},
      {sku: 'tee-m', options: {size: 'M'}, pricing: {currency: 'USD', list: 2500, retail: 1800}, details: {brand: 'Acme Kids'}},
      {sku: 'tee-l', options: {size: 'L'}, pricing: {currency: 'USD', list: 2500, retail: 1950}},
    ],
  });
});

test('the write refuses what the console can tell is wrong, naming the field of the variant', () => {
  let grid = addRow(gridFromProduct(tee()));
  const added = grid.rows[2].id;
  assert.throws(() => variantsBody(grid, PRICING), e => e.field === 'variants[2].sku');
  grid = typed(grid, added, 'sku', 'tee-l');
  assert.throws(() => variantsBody(grid, PRICING), e => e.field === 'variants[2].options.size' && /size of tee-l/.test(e.detail));
  grid = typed(grid, added, 'size', 'L');
  grid = typed(grid, grid.rows[0].id, 'list', '12.345');
  assert.throws(() => variantsBody(grid, PRICING), e => e.field === 'variants[0].pricing.list' && /2 decimals/.test(e.detail));
});

test('a row typed by hand can be removed; a saved variant cannot (it is retired instead)', () => {
  const grid = addRow(gridFromProduct(tee()));
  assert.equal(removeRow(grid, grid.rows[2].id).rows.length, 2);
  assert.equal(removeRow(grid, grid.rows[0].id).rows.length, 3);
});

test('the stock to set: only what changed, per sku; a key row is the product\'s sku; a bad one names its row', () => {
  let grid = withStock(addOptionValue(gridFromProduct(tee()), 'size', 'L', APPAREL, 'tee'), {'tee-s': 7, 'tee-m': 0});
  assert.deepEqual(stockWrites(grid, 'tee'), []);
  grid = typed(grid, grid.rows[0].id, 'stock', '7');
  grid = typed(grid, grid.rows[1].id, 'stock', ' 12 ');
  grid = typed(grid, grid.rows[2].id, 'stock', '5');
  assert.deepEqual(stockWrites(grid, 'tee'), [{index: 1, sku: 'tee-m', qty: 12}, {index: 2, sku: 'tee-l', qty: 5}]);
  for (const bad of ['-1', '2.5', 'many', '1000001', '']) {
    assert.throws(() => stockWrites(typed(grid, grid.rows[0].id, 'stock', bad), 'tee'), e => e.field === 'variants[0].stock', bad);
  }
  const fresh = newGrid();
  assert.deepEqual(stockWrites(typed(fresh, fresh.rows[0].id, 'stock', '3'), 'new-sku'), [{index: 0, sku: 'new-sku', qty: 3}],
    'a new product without options: the stock of the sku it is created with');
  assert.equal(fresh.rows[0].stock, '', 'typed() leaves the grid it was given as it was');
});

test('a variant named with its product: the title and its option values in the product\'s order', () => {
  const product = tee({options: [{name: 'size', values: ['S', 'M']}, {name: 'colour', values: ['black']}],
    variants: [{sku: 'tee-m', options: {colour: 'black', size: 'M'}}, {sku: 'tee-s', options: {size: 'S', colour: 'black'}, retired: true}]});
  assert.deepEqual(variantLabel(product, 'tee-m'), {title: 'Tee', variant: 'size M, colour black', retired: false});
  assert.deepEqual(variantLabel(product, 'tee-s'), {title: 'Tee', variant: 'size S, colour black', retired: true});
  assert.deepEqual(variantLabel({sku: 'moanin', title: 'Moanin', options: [], variants: [{sku: 'moanin', options: {}}]}, 'moanin'),
    {title: 'Moanin', variant: '', retired: false}, 'a product without options is named by its title');
  assert.deepEqual(variantLabel({sku: 'moanin', title: 'Moanin'}, 'moanin'), {title: 'Moanin', variant: '', retired: false});
  assert.equal(optionText({size: 'M'}, []), 'size M');
});

test('the merge after a conflict, by sku: mine where I changed, theirs elsewhere, both kept, clashes named', () => {
  const base = withStock(gridFromProduct(tee()), {'tee-s': 1, 'tee-m': 2});
  let mine = typed(base, base.rows[0].id, 'retail', '15.00');
  mine = typed(mine, mine.rows[1].id, 'stock', '9');
  mine = addOptionValue(mine, 'size', 'L', APPAREL, 'tee');
  const theirs = withStock(gridFromProduct(tee({
    options: [{name: 'size', values: ['S', 'M', 'XL']}],
    variants: [
      {sku: 'tee-s', options: {size: 'S'}, pricing: {currency: 'USD', list: 2500, retail: 1700}},
      {sku: 'tee-m', options: {size: 'M'}, pricing: PRICING},
      {sku: 'tee-xl', options: {size: 'XL'}, pricing: PRICING},
    ]})), {'tee-s': 1, 'tee-m': 2, 'tee-xl': 4});
  const {grid, clashes} = mergeGrids(base, mine, theirs);
  assert.deepEqual(grid.options, [{name: 'size', values: ['S', 'M', 'XL', 'L']}]);
  assert.deepEqual(grid.rows.map(r => [r.sku, r.list, r.retail, r.stock]), [
    ['tee-s', '25.00', '15.00', '1'], ['tee-m', '', '', '9'], ['tee-xl', '', '', '4'], ['tee-l', '', '', '']]);
  assert.deepEqual(clashes, [['variants[0].pricing.retail', '17.00']], 'their list price came in; both changed the selling price');
  assert.equal(grid.rows[1].stockWas, '2', 'a stock I typed is still to be written');
});
