// Products: the storefront's own search (GET /api/products), one page at a time with the API's
// cursor, with the facet counts beside it. The search lives in the address (#/products?q=…&genre=Jazz&…),
// so it can be bookmarked. The search text is searched as one types (after a pause; best match
// first), and ticking a facet value searches at once; both change the results and the counts in
// place, so the box keeps its focus and the typing. Ticks and the Search button add a step to the
// browser's history (Back undoes them); typing replaces the current step.

import {api} from '../api.js';
import {h, labelled, input, select, button, append, fill} from '../dom.js';
import {showProblem, hideProblem, clearMarks, markFields} from '../problems.js';
import {loadTree, loadTypes, flatten, indentedName} from '../data.js';
import {display} from '../money.js';
import {listingQuery, hashOf, withPick, withValues, currencyOf, matchCount, resultSummary} from '../product-search.js';
import {debounce, latestOnly} from '../timing.js';
import {renderFacets, renderNoFacets} from './facets.js';

/** How long the typing must pause before the search text is searched. */
const TYPING_PAUSE_MS = 300;

const TEXT_FILTERS = [
  ['title', 'Title contains', 'Case-insensitive'],
  ['titlePrefix', 'Title starts with', 'Case-sensitive'],
  ['keyword', 'Keyword', 'One word, e.g. coltrane'],
  ['actor', 'Actor', 'Exact, e.g. Keanu Reeves'],
];

const SORTS = [
  ['', 'Best match, else SKU'],
  ['title', 'Title'],
  ['price', 'Price, lowest first'],
  ['-price', 'Price, highest first'],
  ['-pct_savings', 'Biggest discount first'],
  ['-issue_date', 'Newest issue first'],
];

/** The form's fields, named as the listing's parameters. */
const FORM_FIELDS = ['q', ...TEXT_FILTERS.map(([name]) => name), 'category', 'minSavingsPct', 'sort', 'limit'];

export async function productListView(container, {query, navigate}) {
  const page = searchPage(query);
  // a Search pressed while the pickers load must not submit the form as a page load
  page.form.addEventListener('submit', event => event.preventDefault());
  append(container, titleRow(page.newType, navigate), page.form, page.problemArea,
    h('div', {class: 'search-layout'}, page.facets, page.results));
  await fillPickers(page, query);
  const search = liveSearch(page, query);
  listen(page, search);
  await search.run();
  return search.stop;
}

/** The parts of the page: the filter form (with the search text), the facet panel, the results. */
function searchPage(query) {
  const status = h('p', {class: 'muted', role: 'status'}, 'Searching…');
  return {
    form: filterForm(query),
    problemArea: h('div', {hidden: true}),
    facets: h('aside', {class: 'facets', 'aria-labelledby': 'facets-heading'}, h('h2', {id: 'facets-heading'}, 'Narrow down')),
    results: h('section', {'aria-labelledby': 'results-heading', class: 'results', dataset: {state: 'searching'}},
      h('h2', {id: 'results-heading'}, 'Results'), status, h('div', {class: 'results-body'})),
    status,
    newType: select([], {}),
  };
}

function titleRow(newType, navigate) {
  const newButton = button('New product', {class: 'btn btn-primary', on: {click: () =>
    navigate(`#/products/new?type=${encodeURIComponent(newType.value)}`)}});
  return h('div', {class: 'title-row'}, h('h1', {}, 'Products'),
    h('div', {class: 'inline-form'}, labelled('Type of the new product', newType), newButton));
}

function filterForm(query) {
  const value = name => query.get(name) || '';
  return h('form', {class: 'filters', role: 'search', 'aria-label': 'Search products', novalidate: true},
    h('div', {class: 'search-box'},
      labelled('Search text', input({name: 'q', type: 'search', value: value('q')}),
        {field: 'q', hint: 'Title, description, artists, actors…: searched as you type, one typo forgiven, best match first'})),
    h('div', {class: 'grid'},
      TEXT_FILTERS.map(([name, label, hint]) => labelled(label, input({name, value: value(name)}), {field: name, hint})),
      labelled('Category (with its subcategories)', select([['', 'Any category']], {name: 'category'}), {field: 'category'}),
      labelled('Discount more than (%)', input({name: 'minSavingsPct', inputmode: 'numeric', value: value('minSavingsPct')}),
        {field: 'minSavingsPct', hint: '0 to 100'}),
      labelled('Sort by', select(SORTS, {name: 'sort', value: value('sort')}), {field: 'sort'}),
      labelled('Per page', select(['10', '20', '50', '100'], {name: 'limit', value: value('limit') || '20'}), {field: 'limit'})),
    h('div', {class: 'actions'},
      h('button', {type: 'submit', class: 'btn btn-primary'}, 'Search'),
      h('a', {class: 'btn', href: '#/products'}, 'Clear filters')));
}

/** The product types (for a new product) and the category tree (for the category filter). */
async function fillPickers(page, query) {
  const [types, tree] = await Promise.all([loadTypes().catch(() => []), loadTree().catch(() => [])]);
  append(page.newType, types.map(type => h('option', {value: type.name}, type.name)));
  const categories = page.form.elements.category;
  append(categories, flatten(tree).map(entry => h('option', {value: entry.slug}, indentedName(entry))));
  showOption(categories, query.get('category') || '');
}

/** Selects the value; one the select does not offer (a slug not in the tree) is added, so that the API can say what is wrong with it. */
function showOption(select, value) {
  select.value = value;
  if (select.value !== value) {
    append(select, h('option', {value}, value));
    select.value = value;
  }
}

/**
 * The search of this page: its address, and run() which asks the API and shows the answer. Only the
 * latest request's answer is shown (typing sends several). stop() when the page is left.
 */
function liveSearch(page, initial) {
  let address = new URLSearchParams(initial);
  let currency = null;
  const latest = latestOnly();
  const search = {
    async run() {
      const ticket = latest.next();
      const query = listingQuery(address);
      setSearching(page, true);
      try {
        const answer = (await api.get('/products', query)).body;
        if (latest.isCurrent(ticket)) {
          currency = currencyOf(answer.items, currency);
          page.results.dataset.query = query.toString(); // the query whose answer is shown (the browser stories wait on it)
          showAnswer(page, answer, address, {currency, onPick: search.pick});
        }
      } catch (e) {
        if (latest.isCurrent(ticket)) {
          page.results.dataset.query = query.toString();
          showRefusal(page, e);
        }
      }
    },
    /** A new address for the search: recorded in the browser's history ('push') or in place of the current step ('replace'). */
    change(next, how) {
      address = next;
      history[how === 'push' ? 'pushState' : 'replaceState'](null, '', hashOf(address));
      return search.run();
    },
    pick(facet, value, picked) {
      const next = withPick(address, facet, value, picked);
      const control = page.form.elements[facet.param]; // the category select shows a pick of the category facet
      if (control) {
        showOption(control, next.get(facet.param) || '');
      }
      return search.change(next, 'push');
    },
    /** The search text after a pause in the typing; a change that leaves the search as it is (a space) sends nothing. */
    typed: debounce(text => {
      const next = withValues(address, {q: text});
      return next.toString() === address.toString() ? null : search.change(next, 'replace');
    }, TYPING_PAUSE_MS),
    submit() {
      search.typed.cancel();
      return search.change(withValues(address, formValues(page.form)), 'push');
    },
    stop() {
      search.typed.cancel();
      latest.stop();
    },
  };
  return search;
}

/** The form's events: typing in the search box searches after a pause, Search searches with every field. */
function listen(page, search) {
  page.form.elements.q.addEventListener('input', event => search.typed(event.target.value));
  page.form.addEventListener('submit', event => {
    event.preventDefault();
    search.submit();
  });
}

function formValues(form) {
  return Object.fromEntries(FORM_FIELDS.map(name => [name, form.elements[name] ? form.elements[name].value : '']));
}

function setSearching(page, searching) {
  page.results.dataset.state = searching ? 'searching' : 'shown';
  page.results.setAttribute('aria-busy', String(searching));
}

function showAnswer(page, answer, address, {currency, onPick}) {
  hideProblem(page.problemArea);
  clearMarks(page.form);
  renderFacets(page.facets, answer.facets, address, {currency, onPick});
  renderResults(page, answer, address);
  setSearching(page, false);
}

function showRefusal(page, error) {
  page.status.textContent = 'No results: the search was refused.';
  fill(page.results.querySelector('.results-body'));
  renderNoFacets(page.facets);
  showProblem(page.problemArea, error);
  clearMarks(page.form);
  markFields(page.form, error);
  page.results.dataset.state = 'refused';
  page.results.setAttribute('aria-busy', 'false');
}

function renderResults(page, answer, address) {
  const laterPage = Boolean(address.get('cursor'));
  page.status.textContent = resultSummary({shown: answer.items.length, matching: matchCount(answer.facets, address), laterPage});
  fill(page.results.querySelector('.results-body'),
    answer.items.length ? productTable(answer.items) : null,
    pager(answer.next, address));
}

function productTable(products) {
  return h('div', {class: 'table-wrap'}, h('table', {class: 'products'},
    h('thead', {}, h('tr', {}, ['SKU', 'Title', 'Type', 'Price', 'Discount', 'Stock'].map(text => h('th', {scope: 'col'}, text)))),
    h('tbody', {}, products.map(productRow))));
}

function productRow(product) {
  const {retail, list, savings, pct_savings: pctSavings, currency} = product.pricing;
  return h('tr', {dataset: {sku: product.sku}},
    h('td', {}, h('a', {href: `#/products/${encodeURIComponent(product.sku)}`}, product.sku)),
    h('td', {}, product.title),
    h('td', {}, product.type),
    h('td', {class: 'num'}, display(retail, currency),
      savings > 0 ? h('span', {class: 'muted'}, ` (list ${display(list, currency)})`) : null),
    h('td', {class: 'num'}, `${pctSavings} %`),
    h('td', {}, h('a', {href: `#/stock/${encodeURIComponent(product.sku)}`}, 'Stock')));
}

/** First page / Next page: plain links to the address with the cursor, so they are bookmarks too. */
function pager(next, address) {
  const first = new URLSearchParams(address);
  first.delete('cursor');
  const following = new URLSearchParams(address);
  following.set('cursor', next || '');
  return h('nav', {class: 'pager', 'aria-label': 'Pages'},
    address.get('cursor') ? h('a', {class: 'btn', href: hashOf(first)}, 'First page') : null,
    next ? h('a', {class: 'btn', href: hashOf(following), rel: 'next'}, 'Next page') : null);
}
