// The one place that talks to the platform: the public /api of the gateway on this origin, with the
// tab's bearer token. Every answer that is not 2xx becomes an ApiProblem carrying the RFC 9457
// problem (type, title, status, detail, field…), so a view only ever has one kind of error to show.

import * as session from './session.js';

const PROBLEM_BASE = 'https://problems.shop.example/';
const refusedListeners = new Set();

export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.type = typeof problem.type === 'string' ? problem.type : 'about:blank';
    this.title = problem.title || (status ? `HTTP ${status}` : 'No answer');
    this.detail = problem.detail || '';
    this.field = typeof problem.field === 'string' ? problem.field : null;
  }

  /** The last part of the problem type: 'invalid-field', 'category-has-children', … */
  get kind() {
    return this.type.startsWith(PROBLEM_BASE) ? this.type.slice(PROBLEM_BASE.length) : this.type;
  }

  /** Every request field the problem blames: `field` and the fields of `violations`. */
  get fields() {
    const fields = this.field ? [this.field] : [];
    if (Array.isArray(this.problem.violations)) {
      for (const violation of this.problem.violations) {
        if (violation && typeof violation.field === 'string' && !fields.includes(violation.field)) {
          fields.push(violation.field);
        }
      }
    }
    return fields;
  }

  /** The message for one field: the violation's own message when there is one, else the detail. */
  messageFor(field) {
    if (Array.isArray(this.problem.violations)) {
      const violation = this.problem.violations.find(v => v && v.field === field);
      if (violation && violation.message) {
        return `${field} ${violation.message}`;
      }
    }
    return this.detail || this.title;
  }
}

/** Called when the platform refuses the stored token (401) during the session: it expired or was replaced. */
export function onTokenRefused(listener) {
  refusedListeners.add(listener);
}

/**
 * An /api path ('/products', '/api/products' or an absolute URL on this origin) as a URL. The query
 * is an object (an array value repeats the parameter: type=a&type=b) or a URLSearchParams, sent as it is.
 */
function urlOf(path, query) {
  const url = new URL(path, window.location.origin);
  if (!url.pathname.startsWith('/api/')) {
    url.pathname = '/api' + (url.pathname.startsWith('/') ? '' : '/') + url.pathname;
  }
  const entries = query instanceof URLSearchParams ? [...query]
    : Object.entries(query || {}).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map(v => [key, v]));
  for (const [key, value] of entries) {
    if (value !== undefined && value !== null && value !== '') {
      url.searchParams.append(key, value);
    }
  }
  return url;
}

/**
 * One request. Options: query (object), body (JSON value), ifMatch (a version number), token (to
 * try a token that is not stored yet). Resolves to {status, body, headers, location}; rejects with
 * an ApiProblem.
 */
export async function request(method, path, {query, body, ifMatch, token} = {}) {
  const headers = {Accept: 'application/json, application/problem+json'};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (ifMatch !== undefined && ifMatch !== null) {
    headers['If-Match'] = `"${ifMatch}"`;
  }
  const sent = await send(method, path, {query, headers, token,
    body: body === undefined ? undefined : JSON.stringify(body)});
  return answerOf(sent, await sent.response.text());
}

/**
 * Sends a file as it is (a File or Blob: the browser streams it, nothing is read into the page),
 * with its own Content-Type, e.g. an NDJSON import. Resolves and rejects as request() does.
 */
export async function upload(path, file, contentType) {
  const sent = await send('POST', path, {body: file,
    headers: {Accept: 'application/json, application/problem+json', 'Content-Type': contentType}});
  return answerOf(sent, await sent.response.text());
}

/**
 * A GET whose answer is a file (an NDJSON export): resolves to the fetch Response once its status
 * is known to be 2xx, so the caller can read its body as a stream; rejects with an ApiProblem.
 */
export async function download(path, accept) {
  const sent = await send('GET', path, {headers: {Accept: `${accept}, application/problem+json`}});
  if (!sent.response.ok) {
    answerOf(sent, await sent.response.text());
  }
  return sent.response;
}

/**
 * The fetch itself: /api + path, the bearer token, no cookies. Resolves to {response, method,
 * pathname, refusable} (what answerOf needs to explain a refusal); no answer at all is an ApiProblem.
 */
async function send(method, path, {query, headers, body, token}) {
  const bearer = token !== undefined ? token : session.token();
  const url = urlOf(path, query);
  const allHeaders = {...headers};
  if (bearer) {
    allHeaders.Authorization = `Bearer ${bearer}`;
  }
  let response;
  try {
    response = await fetch(url, {method, headers: allHeaders, body, credentials: 'omit', cache: 'no-store'});
  } catch (e) {
    throw new ApiProblem(0, {
      title: 'The gateway could not be reached',
      detail: `No answer from ${window.location.origin} (${e.message}). Is the platform up? Try again in a moment.`,
    });
  }
  return {response, method, pathname: url.pathname, bearer, refusable: token === undefined && Boolean(bearer)};
}

/** A 2xx answer as {status, body, headers, location}; any other as a thrown ApiProblem. */
function answerOf({response, method, pathname, bearer, refusable}, text) {
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = null;
    }
  }
  if (!response.ok) {
    const problem = json && typeof json === 'object' && !Array.isArray(json) ? json : {
      title: response.statusText || `HTTP ${response.status}`,
      detail: `The platform answered ${response.status} to ${method} ${pathname} without a problem document`
        + (text ? `: ${text.slice(0, 200)}` : '.'),
    };
    const error = new ApiProblem(response.status, problem);
    // Only a refusal of the token stored now signs the person out: a request sent with the token it
    // replaced (a page's poll in flight while the person pasted a new one) says nothing about the new one.
    if (response.status === 401 && refusable && bearer === session.token()) {
      refusedListeners.forEach(listener => listener(error));
    }
    throw error;
  }
  return {status: response.status, body: json, headers: response.headers, location: response.headers.get('Location')};
}

export const api = {
  get: (path, query) => request('GET', path, {query}),
  post: (path, body, options = {}) => request('POST', path, {...options, body}),
  put: (path, body, options = {}) => request('PUT', path, {...options, body}),
  patch: (path, body, options = {}) => request('PATCH', path, {...options, body}),
  delete: (path, options = {}) => request('DELETE', path, options),
};

/** A path segment, escaped (skus and slugs are checked by the services, but never trusted here). */
export function seg(value) {
  return encodeURIComponent(value);
}
