// Sign in with a bearer token, the way Kubernetes Dashboard does: paste a token, the console asks the
// platform whether it is good for admin work, and keeps it for this tab only.

import {request, ApiProblem} from '../api.js';
import * as session from '../session.js';
import {h, labelled, focus, append, fill} from '../dom.js';
import {showProblem} from '../problems.js';

/**
 * Asks the platform about a token with a harmless admin read (the category tree check): the
 * gateway and the category service both verify the token's signature, issuer, expiry and role.
 * → {kind: 'ok' | 'empty' | 'wrong' | 'expired' | 'not-admin' | 'error', info, problem}
 */
export async function checkToken(value) {
  if (!value) {
    return {kind: 'empty'};
  }
  const info = session.inspect(value);
  try {
    await request('GET', '/admin/categories/verify', {token: value});
    return {kind: 'ok', info};
  } catch (e) {
    if (!(e instanceof ApiProblem)) {
      throw e;
    }
    if (e.status === 403) {
      return {kind: 'not-admin', info, problem: e};
    }
    if (e.status === 401) {
      return {kind: info.jwt && info.expired ? 'expired' : 'wrong', info, problem: e};
    }
    return {kind: 'error', info, problem: e};
  }
}

/** What a failed check means for the person, as an alert; each kind has its own heading. */
export function outcomeMessage(outcome) {
  const box = h('div', {class: 'problem', role: 'alert', dataset: {outcome: outcome.kind}});
  const say = (title, ...lines) => append(box, h('p', {class: 'problem-title'}, h('strong', {}, title)),
    ...lines.map(line => h('p', {class: 'problem-detail'}, line)));
  const detail = outcome.problem ? `The platform said: ${outcome.problem.detail || outcome.problem.title}` : null;
  switch (outcome.kind) {
    case 'empty':
      say('No token', 'Paste an admin token first.');
      break;
    case 'expired':
      say('Token expired',
        `This token is one of the platform's, but it expired at ${outcome.info.expiresAt.toLocaleString()}.`,
        'Make a fresh one with ./platform token and paste it here.', detail);
      break;
    case 'not-admin':
      say('Not an admin token',
        `This token is valid, but it does not carry the admin role (its groups: ${outcome.info.groups && outcome.info.groups.length ? outcome.info.groups.join(', ') : 'none'}).`,
        'The console needs a token whose groups include admin, such as the one ./platform token prints.', detail);
      break;
    case 'wrong':
      say('Wrong token',
        outcome.info.jwt
          ? 'The platform does not accept this token: it was not signed by this platform\'s key, or it names another issuer.'
          : 'This is not a token: an admin token is a JWT, three parts separated by dots, as ./platform token prints it.',
        'Use a token made by this platform: ./platform up prints one, ./platform token makes a new one.', detail);
      break;
    default:
      showProblem(box, outcome.problem, 'The token could not be checked; nothing was stored. Try again when the platform answers.');
  }
  return box;
}

export function signInView(container, {returnTo, signedOut, navigate}) {
  const tokenField = h('textarea', {rows: 4, autocomplete: 'off', spellcheck: 'false', class: 'token-input'});
  const result = h('div', {class: 'signin-result'});
  const submit = h('button', {type: 'submit', class: 'btn btn-primary'}, 'Sign in');
  const form = h('form', {class: 'signin', novalidate: true, on: {submit: async event => {
    event.preventDefault();
    const value = tokenField.value.trim();
    submit.disabled = true;
    fill(result, h('p', {class: 'muted'}, 'Checking the token with the platform…'));
    try {
      const outcome = await checkToken(value);
      if (outcome.kind === 'ok') {
        session.signIn(value);
        navigate(returnTo && returnTo !== '#/signin' ? returnTo : '#/products');
        return;
      }
      fill(result, outcomeMessage(outcome));
      focus(tokenField);
    } finally {
      submit.disabled = false;
    }
  }}},
  labelled('Admin token', tokenField, {
    hint: 'A JWT with the admin role. ./platform up prints one; ./platform token makes a new one.',
  }),
  h('div', {class: 'actions'}, submit));
  append(container,
    h('h1', {}, 'Sign in'),
    signedOut ? h('p', {class: 'notice-inline', role: 'status'}, 'You are signed out: this tab has forgotten the token.') : null,
    h('p', {}, 'The console edits the catalog, the category tree and the stock through the platform\'s public API, '
      + 'with your admin token. The token is kept for this browser tab only: closing the tab or signing out forgets it.'),
    form, result);
}
