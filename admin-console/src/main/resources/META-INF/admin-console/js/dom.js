// Building the page without HTML strings: every element comes from createElement and every text
// from a text node, so data from the API can never become markup (the CSP also enforces Trusted
// Types, which would refuse an innerHTML assignment).

/**
 * h('a', {href: '#/x', class: 'btn'}, 'text', child, [more children]) → an element.
 * Props: `class`, `dataset` (object), `on` (object of event → handler), boolean DOM properties
 * (`hidden`, `disabled`, `checked`, `required`, `selected`) and any other attribute as a string.
 * Children: strings, numbers, nodes, arrays of them; null/undefined/false are skipped.
 */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (key === 'class') {
      element.className = value;
    } else if (key === 'dataset') {
      Object.assign(element.dataset, value);
    } else if (key === 'on') {
      for (const [event, handler] of Object.entries(value)) {
        element.addEventListener(event, handler);
      }
    } else if (key === 'value') {
      element.value = value;
    } else if (value === true) {
      element[key] = true;
      if (!(key in element)) {
        element.setAttribute(key, '');
      }
    } else {
      element.setAttribute(key, String(value));
    }
  }
  append(element, ...children);
  return element;
}

/**
 * Appends children (strings, nodes, nested arrays), skipping null/undefined/false. The DOM's own
 * append() would print a null as the text "null", so the console never calls it with optional parts.
 */
export function append(parent, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function clear(element) {
  element.replaceChildren();
  return element;
}

/** Replaces the children of an element (see append for what children may be). */
export function fill(element, ...children) {
  clear(element);
  return append(element, ...children);
}

let nextId = 0;

/** A page-unique id for pairing a label with its control. */
export function uid(prefix) {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/**
 * A labelled control: <div class="field"><label>…</label> control <p hint/> <p error/></div>.
 * `field` names the request field it edits (data-field), which is how a problem's `field`
 * finds it. `control` is an element (input, select, textarea) created by the caller.
 */
export function labelled(labelText, control, {field, required = false, hint} = {}) {
  const id = control.id || uid('f');
  control.id = id;
  if (field) {
    control.dataset.field = field;
  }
  const hintElement = hint ? h('p', {class: 'hint', id: `${id}-hint`}, hint) : null;
  const errorElement = h('p', {class: 'field-error', id: `${id}-error`, hidden: true});
  const describedBy = [hintElement ? hintElement.id : null, errorElement.id].filter(Boolean).join(' ');
  control.setAttribute('aria-describedby', describedBy);
  if (required) {
    control.setAttribute('aria-required', 'true');
  }
  const label = h('label', {for: id},
    h('span', {class: 'label-text'}, labelText),
    required ? [h('span', {class: 'required-mark', 'aria-hidden': 'true'}, ' *'), h('span', {class: 'visually-hidden'}, ' (required)')] : null);
  return h('div', {class: 'field'}, label, control, hintElement, errorElement);
}

export function input(props = {}) {
  return h('input', {type: 'text', autocomplete: 'off', spellcheck: 'false', ...props});
}

export function select(options, props = {}) {
  const element = h('select', props);
  for (const option of options) {
    const [value, text] = Array.isArray(option) ? option : [option, option];
    append(element, h('option', {value}, text));
  }
  if (props.value !== undefined) {
    element.value = props.value;
  }
  return element;
}

export function button(text, props = {}) {
  return h('button', {type: 'button', ...props}, text);
}

/** Moves keyboard focus to the element and scrolls it into view (after a page change or an error). */
export function focus(element) {
  if (!element) {
    return;
  }
  if (!element.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(element.tagName)) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
}

export function formatDateTime(iso) {
  if (!iso) {
    return '—';
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
}
