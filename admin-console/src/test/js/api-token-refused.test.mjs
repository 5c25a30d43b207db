// node --test: a 401 signs the person out only when it refuses the token stored now (js/api.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';

// The browser's globals that api.js and session.js use: sessionStorage, window.location, fetch (answered by hand).
const storage = new Map();
globalThis.sessionStorage = {
  getItem: key => (storage.has(key) ? storage.get(key) : null),
  setItem: (key, value) => storage.set(key, String(value)),
  removeItem: key => storage.delete(key),
};
globalThis.window = {location: {origin: 'http://127.0.0.1:8080'}};
const pending = [];
globalThis.fetch = (url, init) => new Promise(resolve => pending.push({url, init, answer: resolve}));

const session = await import('../../main/resources/META-INF/admin-console/js/session.js');
const {api, onTokenRefused, request} = await import('../../main/resources/META-INF/admin-console/js/api.js');

const refused = [];
onTokenRefused(problem => refused.push(problem));

function unauthorized() {
  const body = JSON.stringify({type: 'https://problems.shop.example/unauthorized', title: 'Unauthorized', status: 401,
    detail: 'The bearer token is not valid (bad signature, issuer or expiry).'});
  return {ok: false, status: 401, statusText: 'Unauthorized', headers: new Map(), text: async () => body};
}

async function answerNext(response) {
  while (pending.length === 0) {
    await new Promise(resolve => setImmediate(resolve));
  }
  const request = pending.shift();
  request.answer(response);
  return request;
}

test('a 401 to the stored token signs the person out', async () => {
  refused.length = 0;
  session.signIn('old-token');
  const poll = api.get('/admin/inventory/giant-steps');
  const request = await answerNext(unauthorized());
  await assert.rejects(poll, e => e.status === 401);
  assert.equal(request.init.headers.Authorization, 'Bearer old-token');
  assert.equal(refused.length, 1);
});

test('a 401 to a token replaced while the request was in flight does not', async () => {
  refused.length = 0;
  session.signIn('expired-token');
  const poll = api.get('/admin/inventory/giant-steps'); // sent with the expired token
  while (pending.length === 0) {
    await new Promise(resolve => setImmediate(resolve));
  }
  session.signIn('new-token'); // the person pastes a new token before the poll's answer comes
  const request = await answerNext(unauthorized());
  await assert.rejects(poll, e => e.status === 401); // the poll itself still fails: its page shows it and polls again
  assert.equal(request.init.headers.Authorization, 'Bearer expired-token');
  assert.equal(refused.length, 0, 'the new token is not reported refused');
});

test('a 401 to a token tried before it is stored (the sign-in check) does not', async () => {
  refused.length = 0;
  session.signIn('stored-token');
  const tried = request('GET', '/admin/categories/verify', {token: 'candidate'});
  const sent = await answerNext(unauthorized());
  await assert.rejects(tried, e => e.status === 401); // the sign-in form says why, in place
  assert.equal(sent.init.headers.Authorization, 'Bearer candidate');
  assert.equal(refused.length, 0);
});
