// SVG elements for the charts, made as dom.js makes HTML ones: createElementNS and text nodes only,
// never markup from a string.

const NS = 'http://www.w3.org/2000/svg';

/** svg('line', {x1: 0, …}, 'text') → an SVG element with those attributes and text. */
export function svg(tag, attributes = {}, text) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
}
