// node --test: major units <-> minor units on the digits as text (js/money.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fractionDigits, toMinor, toMajor, display} from '../../main/resources/META-INF/admin-console/js/money.js';

test('decimals of a currency', () => {
  assert.equal(fractionDigits('USD'), 2);
  assert.equal(fractionDigits('JPY'), 0);
  assert.equal(fractionDigits('BHD'), 3);
});

test('typed amounts to minor units, without floating point', () => {
  assert.equal(toMinor('12.3', 'USD'), 1230);
  assert.equal(toMinor('0.29', 'USD'), 29);
  assert.equal(toMinor('1,299.99', 'USD'), 129999);
  assert.equal(toMinor('1299', 'JPY'), 1299);
  assert.equal(toMinor('1.5', 'BHD'), 1500);
});

test('amounts that are not amounts of the currency are refused with a sentence', () => {
  assert.throws(() => toMinor('1.234', 'USD'), /USD has 2 decimals/);
  assert.throws(() => toMinor('12x', 'USD'), /is not an amount/);
  assert.throws(() => toMinor('-1', 'USD'), /is not an amount/);
  assert.throws(() => toMinor('1.5', 'JPY'), /JPY has 0 decimals/);
});

test('minor units to the text of an input field', () => {
  assert.equal(toMajor(1230, 'USD'), '12.30');
  assert.equal(toMajor(5, 'USD'), '0.05');
  assert.equal(toMajor(1299, 'JPY'), '1299');
  assert.equal(toMajor(null, 'USD'), '');
});

test('minor units shown in a locale', () => {
  assert.equal(display(1230, 'USD', 'en-US'), '$12.30');
  assert.equal(display(500, 'JPY', 'en-US'), '¥500');
  assert.equal(display(undefined, 'USD', 'en-US'), '—');
});
