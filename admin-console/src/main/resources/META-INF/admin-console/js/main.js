// The console's frame: the header with its sections and the session, the router (the part of the
// address after '#/' picks the view), the banner that asks for a new token when the platform
// refuses the current one, and the last line of defence that turns any unexpected error into a
// message instead of a blank page.

import * as session from './session.js';
import {onTokenRefused} from './api.js';
import {h, clear, focus, append, fill} from './dom.js';
import {showProblem} from './problems.js';
import {signInView, checkToken, outcomeMessage} from './views/signin.js';
import {productListView} from './views/products.js';
import {productCreateView, productEditView} from './views/product-form.js';
import {typeListView, typeCreateView} from './views/types.js';
import {categoriesView} from './views/categories.js';
import {stockView} from './views/stock.js';
import {jobsView} from './views/jobs.js';
import {importView} from './views/imports.js';
import {orderListView, orderView} from './views/orders.js';
import {salesView} from './views/sales.js';

const ROUTES = [
  {pattern: /^products$/, view: productListView, section: 'products'},
  {pattern: /^products\/new$/, view: productCreateView, section: 'products'},
  {pattern: /^products\/([^/]+)$/, view: productEditView, section: 'products'},
  {pattern: /^types$/, view: typeListView, section: 'types'},
  {pattern: /^types\/new$/, view: typeCreateView, section: 'types'},
  {pattern: /^categories$/, view: categoriesView, section: 'categories'},
  {pattern: /^categories\/([^/]+)$/, view: categoriesView, section: 'categories'},
  {pattern: /^stock$/, view: stockView, section: 'stock'},
  {pattern: /^stock\/([^/]+)$/, view: stockView, section: 'stock'},
  {pattern: /^orders$/, view: orderListView, section: 'orders'},
  {pattern: /^orders\/([^/]+)$/, view: orderView, section: 'orders'},
  {pattern: /^sales$/, view: salesView, section: 'sales'},
  {pattern: /^jobs$/, view: jobsView, section: 'jobs'},
  {pattern: /^import$/, view: importView, section: 'import'},
  {pattern: /^import\/([^/]+)$/, view: importView, section: 'import'},
  {pattern: /^import\/([^/]+)\/([^/]+)$/, view: importView, section: 'import'},
];

const SECTIONS = [
  ['products', 'Products'],
  ['types', 'Product types'],
  ['categories', 'Categories'],
  ['stock', 'Stock'],
  ['orders', 'Orders'],
  ['sales', 'Sales'],
  ['jobs', 'Jobs'],
  ['import', 'Import'],
];

const main = document.getElementById('main');
const header = document.getElementById('app-header');
const banner = document.getElementById('session-banner');
const notice = document.getElementById('notice');
let cleanup = null;
let signedOutNotice = false;

/** '#/products/kind-of-blue?x=1' → {path: 'products/kind-of-blue', query: URLSearchParams}. */
function currentRoute() {
  const hash = window.location.hash;
  const rest = hash.startsWith('#/') ? hash.slice(2) : '';
  const [path, queryString] = rest.split('?', 2);
  return {path: path.replace(/\/+$/, ''), query: new URLSearchParams(queryString || '')};
}

export function navigate(hash) {
  if (window.location.hash === hash) {
    render();
  } else {
    window.location.hash = hash;
  }
}

/** A short message in the polite live region (what was saved, deleted…), cleared after a while. */
export function announce(text) {
  fill(notice, h('p', {}, text));
  announce.at = Date.now();
  window.clearTimeout(announce.timer);
  announce.timer = window.setTimeout(() => clear(notice), 8000);
}

function renderHeader(section) {
  clear(header);
  const signedIn = Boolean(session.token());
  const info = session.inspect(session.token());
  append(header,
    h('a', {class: 'brand', href: '#/products'}, 'Shop admin'),
    signedIn ? h('nav', {'aria-label': 'Sections'},
      h('ul', {}, SECTIONS.map(([key, text]) =>
        h('li', {}, h('a', {href: `#/${key}`, 'aria-current': key === section ? 'page' : null}, text))))) : null,
    signedIn ? h('div', {class: 'who'},
      h('span', {class: 'who-name'}, info.subject || 'admin'),
      info.expiresAt ? h('span', {class: 'who-expiry'}, ` · token until ${info.expiresAt.toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})}`) : null,
      h('button', {type: 'button', class: 'btn btn-small', on: {click: signOut}}, 'Sign out')) : null);
}

function signOut() {
  session.signOut();
  banner.hidden = true;
  signedOutNotice = true;
  navigate('#/signin');
}

async function render() {
  if (cleanup) {
    try {
      cleanup();
    } catch (e) {
      // a view's cleanup failing must not stop the next view
    }
    cleanup = null;
  }
  if (Date.now() - (announce.at || 0) > 1000) {
    // A message belongs to the page it was said on (or the one an action led to), not to later ones.
    clear(notice);
  }
  const {path, query} = currentRoute();
  const container = h('div', {class: 'view'});
  fill(main, container);
  if (!session.token() || path === 'signin') {
    renderHeader(null);
    const returnTo = path && path !== 'signin' ? window.location.hash : (query.get('return') || '#/products');
    signInView(container, {returnTo, signedOut: signedOutNotice, navigate});
    signedOutNotice = false;
    focus(container.querySelector('h1'));
    return;
  }
  if (!path) {
    window.location.replace('#/products');
    return;
  }
  const route = ROUTES.find(r => r.pattern.test(path));
  renderHeader(route ? route.section : null);
  if (!route) {
    append(container, h('h1', {}, 'Page not found'),
      h('p', {}, 'The console has no page at this address. '), h('p', {}, h('a', {href: '#/products'}, 'Go to the products')));
    focus(container.querySelector('h1'));
    return;
  }
  const params = route.pattern.exec(path).slice(1).map(decodeURIComponent);
  const context = {params, query, navigate, announce};
  try {
    const running = route.view(container, context);
    focus(container.querySelector('h1'));
    cleanup = (await running) || null;
  } catch (e) {
    const area = h('div');
    append(container, area);
    showProblem(area, e);
  }
}

/** The banner that replaces a refused token in place: the page (and what was typed on it) stays. */
function showTokenRefused(problem) {
  if (!banner.hidden) {
    return;
  }
  clear(banner);
  const info = session.inspect(session.token());
  const reason = info.expired
    ? `Your token expired at ${info.expiresAt.toLocaleString()}.`
    : `The platform no longer accepts your token (${problem.detail || problem.title}).`;
  const field = h('input', {type: 'password', id: 'renew-token', autocomplete: 'off', class: 'token-input'});
  const result = h('div', {class: 'renew-result'});
  const form = h('form', {class: 'renew', on: {submit: async event => {
    event.preventDefault();
    const outcome = await checkToken(field.value.trim());
    if (outcome.kind === 'ok') {
      session.signIn(field.value.trim());
      banner.hidden = true;
      renderHeader(currentRoute().path.split('/')[0]);
      announce('Token renewed. Carry on where you were: nothing on this page was lost.');
    } else {
      clear(result);
      append(result, outcomeMessage(outcome));
    }
  }}},
  h('label', {for: 'renew-token'}, 'New admin token'), field,
  h('button', {type: 'submit', class: 'btn btn-primary'}, 'Use this token'),
  h('button', {type: 'button', class: 'btn', on: {click: signOut}}, 'Sign out'));
  append(banner, h('p', {}, h('strong', {}, 'Signed out by the platform. '), reason,
    ' Paste a new one (./platform token prints one) to carry on: this page and what you typed stay as they are.'), form, result);
  banner.hidden = false;
  focus(field);
}

function showUnexpected(error) {
  const area = h('div');
  main.prepend(area);
  showProblem(area, error);
}

window.addEventListener('error', event => showUnexpected(event.error || event.message));
window.addEventListener('unhandledrejection', event => showUnexpected(event.reason));
window.addEventListener('hashchange', render);
document.getElementById('skip-link').addEventListener('click', event => {
  event.preventDefault();
  focus(main.querySelector('h1') || main);
});
onTokenRefused(showTokenRefused);
session.onChange(() => renderHeader(currentRoute().path.split('/')[0]));
render();
