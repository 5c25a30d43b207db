// Products: the storefront's own search (the same query parameters as GET /api/products), one page
// at a time with the API's cursor. The filters live in the address (#/products?genre=Jazz&…), so a
// search can be bookmarked and the browser's Back button returns to the previous page.

import {api} from '../api.js';
import {h, labelled, input, select, button, append, fill} from '../dom.js';
import {showProblem, clearMarks, markFields} from '../problems.js';
import {loadTree, loadTypes, flatten, indentedName} from '../data.js';
import {display} from '../money.js';

const TEXT_FILTERS = [
  ['title', 'Title contains', 'Case-insensitive'],
  ['titlePrefix', 'Title starts with', 'Case-sensitive'],
  ['keyword', 'Keyword', 'One word, e.g. coltrane'],
  ['genre', 'Genre', 'Exact, e.g. Jazz'],
  ['actor', 'Actor', 'Exact, e.g. Keanu Reeves'],
];

const SORTS = [
  ['', 'SKU'],
  ['title', 'Title'],
  ['price', 'Price, lowest first'],
  ['-price', 'Price, highest first'],
  ['-pct_savings', 'Biggest discount first'],
  ['-issue_date', 'Newest issue first'],
];

const FILTER_NAMES = ['type', 'genre', 'actor', 'title', 'titlePrefix', 'keyword', 'category', 'minSavingsPct', 'sort', 'limit'];

export async function productListView(container, {query, navigate}) {
  const problemArea = h('div', {hidden: true});
  const results = h('section', {'aria-labelledby': 'results-heading', class: 'results'},
    h('h2', {id: 'results-heading'}, 'Results'), h('p', {class: 'muted'}, 'Searching…'));
  const typeSelect = select([['', 'Any type']], {name: 'type'});
  const categorySelect = select([['', 'Any category']], {name: 'category'});
  const newType = select([], {});
  const newButton = button('New product', {class: 'btn btn-primary', on: {click: () =>
    navigate(`#/products/new?type=${encodeURIComponent(newType.value)}`)}});

  const form = h('form', {class: 'filters', role: 'search', 'aria-label': 'Search products', novalidate: true,
    on: {submit: event => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const name of FILTER_NAMES) {
        const control = form.elements[name];
        const value = control ? control.value.trim() : '';
        if (value) {
          params.set(name, value);
        }
      }
      navigate(`#/products${params.toString() ? '?' + params : ''}`);
    }}},
  h('div', {class: 'grid'},
    labelled('Type', typeSelect, {field: 'type'}),
    TEXT_FILTERS.map(([name, label, hint]) =>
      labelled(label, input({name, value: query.get(name) || ''}), {field: name, hint})),
    labelled('Category (with its subcategories)', categorySelect, {field: 'category'}),
    labelled('Discount more than (%)', input({name: 'minSavingsPct', inputmode: 'numeric', value: query.get('minSavingsPct') || ''}),
      {field: 'minSavingsPct', hint: '0 to 100'}),
    labelled('Sort by', select(SORTS, {name: 'sort', value: query.get('sort') || ''}), {field: 'sort'}),
    labelled('Per page', select(['10', '20', '50', '100'], {name: 'limit', value: query.get('limit') || '20'}), {field: 'limit'})),
  h('div', {class: 'actions'},
    h('button', {type: 'submit', class: 'btn btn-primary'}, 'Search'),
    h('a', {class: 'btn', href: '#/products'}, 'Clear filters')));

  append(container,
    h('div', {class: 'title-row'}, h('h1', {}, 'Products'),
      h('div', {class: 'inline-form'}, labelled('Type of the new product', newType), newButton)),
    form, problemArea, results);

  const [types, tree] = await Promise.all([loadTypes().catch(() => []), loadTree().catch(() => [])]);
  for (const type of types) {
    append(typeSelect, h('option', {value: type.name}, type.name));
    append(newType, h('option', {value: type.name}, type.name));
  }
  typeSelect.value = query.get('type') || '';
  for (const entry of flatten(tree)) {
    append(categorySelect, h('option', {value: entry.slug}, indentedName(entry)));
  }
  categorySelect.value = query.get('category') || '';
  if (query.get('category') && categorySelect.value !== query.get('category')) {
    // a slug that is not in the tree: keep it, so the API can say what is wrong with it
    append(categorySelect, h('option', {value: query.get('category')}, query.get('category')));
    categorySelect.value = query.get('category');
  }

  const params = {};
  for (const name of [...FILTER_NAMES, 'cursor']) {
    if (query.get(name)) {
      params[name] = query.get(name);
    }
  }
  try {
    const page = (await api.get('/products', params)).body;
    renderResults(results, page, query);
  } catch (e) {
    fill(results, h('h2', {id: 'results-heading'}, 'Results'), h('p', {}, 'No results: the search was refused.'));
    showProblem(problemArea, e);
    clearMarks(form);
    markFields(form, e);
  }
}

function renderResults(results, page, query) {
  const rows = page.items.map(product => h('tr', {dataset: {sku: product.sku}},
    h('td', {}, h('a', {href: `#/products/${encodeURIComponent(product.sku)}`}, product.sku)),
    h('td', {}, product.title),
    h('td', {}, product.type),
    h('td', {class: 'num'}, display(product.pricing.retail, product.pricing.currency),
      product.pricing.savings > 0 ? h('span', {class: 'muted'}, ` (list ${display(product.pricing.list, product.pricing.currency)})`) : null),
    h('td', {class: 'num'}, `${product.pricing.pct_savings} %`),
    h('td', {}, h('a', {href: `#/stock/${encodeURIComponent(product.sku)}`}, 'Stock'))));
  const next = new URLSearchParams(query);
  next.set('cursor', page.next || '');
  const first = new URLSearchParams(query);
  first.delete('cursor');
  fill(results,
    h('h2', {id: 'results-heading'}, 'Results'),
    h('p', {class: 'muted', role: 'status'}, page.items.length
      ? `${page.items.length} product${page.items.length === 1 ? '' : 's'} on this page${query.get('cursor') ? ' (not the first page)' : ''}.`
      : 'No product matches these filters.'),
    page.items.length ? h('div', {class: 'table-wrap'}, h('table', {class: 'products'},
      h('thead', {}, h('tr', {}, ['SKU', 'Title', 'Type', 'Price', 'Discount', 'Stock'].map(text => h('th', {scope: 'col'}, text)))),
      h('tbody', {}, rows))) : null,
    h('nav', {class: 'pager', 'aria-label': 'Pages'},
      query.get('cursor') ? h('a', {class: 'btn', href: `#/products${first.toString() ? '?' + first : ''}`}, 'First page') : null,
      page.next ? h('a', {class: 'btn', href: `#/products?${next}`, rel: 'next'}, 'Next page') : null));
}
