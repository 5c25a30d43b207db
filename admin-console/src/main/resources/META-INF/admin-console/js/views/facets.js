// The facet panel beside the product search: one group per facet of FACETS, each value with its
// count. A multi-select facet's values are checkboxes (several may be ticked: any of them); a
// single-select facet's values (the category's children) are buttons that go down to that value.
// What the options are, and their texts, comes from product-search.js; this module only draws them.

import {h, fill, button} from '../dom.js';
import {FACETS, facetOptions, formatCount, valuesOf} from '../product-search.js';

/**
 * Draws the facets of a listing answer into the panel. `onPick(facet, value, picked)` is called when
 * a value is ticked, unticked or picked. A control that had the focus has it again after the redraw.
 */
export function renderFacets(panel, answerFacets, address, {currency, onPick}) {
  const focused = focusedOption(panel);
  fill(panel,
    h('h2', {id: 'facets-heading'}, 'Narrow down'),
    FACETS.map(facet => facetGroup(facet, facetOptions(facet, (answerFacets || {})[facet.name], address, {currency}),
      valuesOf(address, facet.param), onPick)));
  refocus(panel, focused);
}

/** The panel while the search is refused: no counts to show. */
export function renderNoFacets(panel) {
  fill(panel, h('h2', {id: 'facets-heading'}, 'Narrow down'), h('p', {class: 'muted'}, 'No counts: the search was refused.'));
}

function facetGroup(facet, options, picked, onPick) {
  const draw = option => drawingOf(facet, option)(facet, option, onPick);
  return h('fieldset', {class: 'facet', dataset: {facet: facet.name}},
    h('legend', {}, facet.title),
    options.length
      ? h('ul', {class: 'facet-options'}, options.map(draw))
      : h('p', {class: 'muted facet-none'}, 'No values here.'),
    !facet.multi && picked.length ? undoPick(facet, picked[0], onPick) : null);
}

/** How a value is drawn: a count only (it cannot be picked), a checkbox (multi-select) or a button (single-select). */
function drawingOf(facet, option) {
  if (option.value === null) {
    return countOnly;
  }
  return facet.multi ? checkboxOption : pickOption;
}

/** A value of a multi-select facet: a checkbox labelled with the value and its count. */
function checkboxOption(facet, option, onPick) {
  const box = h('input', {type: 'checkbox', name: `facet-${facet.name}`, value: option.value,
    checked: option.picked, disabled: option.count === 0 && !option.picked,
    on: {change: event => onPick(facet, option.value, event.target.checked)}});
  return optionItem(facet, option, h('label', {}, box, optionText(option)));
}

/** A value of a single-select facet: a button that picks it. */
function pickOption(facet, option, onPick) {
  return optionItem(facet, option, button(optionText(option), {class: 'facet-pick',
    on: {click: () => onPick(facet, option.value, true)}}));
}

/** A value that is counted but cannot be picked. */
function countOnly(facet, option) {
  return optionItem(facet, option, h('span', {class: 'facet-fixed'}, optionText(option)));
}

/** The button under a single-select facet that removes its pick ("Any category"). */
function undoPick(facet, value, onPick) {
  return button(`Any ${facet.title.toLowerCase()}`, {class: 'btn btn-small facet-undo',
    on: {click: () => onPick(facet, value, false)}});
}

function optionItem(facet, option, control) {
  return h('li', {class: option.picked ? 'picked' : null,
    dataset: {facet: facet.name, value: option.value ?? '', count: String(option.count)}}, control);
}

function optionText(option) {
  return [h('span', {class: 'facet-label'}, option.label),
    h('span', {class: 'facet-count'}, formatCount(option.count), h('span', {class: 'visually-hidden'}, option.count === 1 ? ' product' : ' products'))];
}

/** Which option's control has the focus: {facet, value}, or null. */
function focusedOption(panel) {
  const active = document.activeElement;
  const item = active && panel.contains(active) ? active.closest('[data-facet]') : null;
  return item ? {facet: item.dataset.facet, value: item.dataset.value} : null;
}

function refocus(panel, focused) {
  if (!focused) {
    return;
  }
  const item = [...panel.querySelectorAll('[data-facet]')]
    .find(element => element.dataset.facet === focused.facet && element.dataset.value === focused.value);
  const control = item && (item.matches('button') ? item : item.querySelector('input, button'));
  if (control && !control.disabled) {
    control.focus();
  }
}
