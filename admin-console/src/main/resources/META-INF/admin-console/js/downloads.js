// Saving an NDJSON export: the answer read as a stream into a Blob (counting its lines, telling
// how much has arrived) and handed to the browser as a download. The token travels in the request's
// header, never in a link. Used by the import page's exports and the Orders page's.

import {ApiProblem} from './api.js';
import {h} from './dom.js';

const NDJSON = 'application/x-ndjson';

/** The body of a response as a Blob, counting its lines and calling `progress` at most every 200 ms. */
export async function readAll(response, progress) {
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  let lines = 0;
  let last = 10;
  let told = 0;
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) {
        break;
      }
      chunks.push(value);
      size += value.length;
      for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) {
        lines += 1;
      }
      last = value.length ? value[value.length - 1] : last;
      if (Date.now() - told > 200) {
        told = Date.now();
        progress(size);
      }
    }
  } catch (e) {
    throw new ApiProblem(0, {
      title: 'The export was cut off',
      detail: `The answer stopped after ${formatBytes(size)} (${e.message}). Nothing was saved; try again.`,
    });
  }
  return {blob: new Blob(chunks, {type: NDJSON}), lines: size > 0 && last !== 10 ? lines + 1 : lines};
}

/** Hands a Blob to the browser as a file download. */
export function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', {href: url, download: name, hidden: true});
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the download has started; the object URL can go a while later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30000);
}

export function today() {
  const now = new Date();
  const pad = n => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formatBytes(bytes) {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = Number(bytes) || 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}
