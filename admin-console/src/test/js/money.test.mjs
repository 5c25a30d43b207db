// node --test: major units <-> minor units on the digits as text (js/money.js).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fractionDigits, toMinor, toMajor, display} from '../../main/resources/META-INF/admin-console/js/money.js';

test('decimals of a currency', () => {
  assert.equal(fractionDigits('USD'), 2);
  assert.equal(fractionDigits('JPY'), 0);
  assert.equal(fractionDigits('BHD'), 3);
  assert.equal(fractionDigits('KWD'), 3);
  assert.equal(fractionDigits('US'), 2, 'not a currency code: two decimals, as most currencies have');
});

test('typed amounts to minor units, without floating point', () => {
  assert.equal(toMinor('12.3', 'USD'), 1230);
  assert.equal(toMinor('0.29', 'USD'), 29);
  assert.equal(toMinor('1,299.99', 'USD'), 129999);
  assert.equal(toMinor('1299', 'JPY'), 1299);
  assert.equal(toMinor('1.5', 'BHD'), 1500);
});

test('no rounding on the way in: amounts that floating point would turn into x.9999… stay exact', () => {
  // 19.99 * 100 is 1998.9999999999998 and 1.005 * 1000 is 1004.9999999999999 in floating point.
  assert.equal(toMinor('19.99', 'USD'), 1999);
  assert.equal(toMinor('0.07', 'USD'), 7);
  assert.equal(toMinor('1.005', 'BHD'), 1005);
  assert.equal(toMinor('0.001', 'BHD'), 1);
  assert.equal(toMinor('12.', 'USD'), 1200, 'a trailing point is no decimal');
  assert.equal(toMinor('  7.50 ', 'USD'), 750, 'spaces around are ignored');
  assert.equal(toMinor('0', 'JPY'), 0);
});

test('amounts that are not amounts of the currency are refused with a sentence, never rounded', () => {
  assert.throws(() => toMinor('1.234', 'USD'), /USD has 2 decimals/);
  assert.throws(() => toMinor('12x', 'USD'), /is not an amount/);
  assert.throws(() => toMinor('-1', 'USD'), /is not an amount/);
  assert.throws(() => toMinor('', 'USD'), /is not an amount: write it like 12.99/);
  assert.throws(() => toMinor('1.5', 'JPY'), /JPY has 0 decimals/);
  assert.throws(() => toMinor('x', 'JPY'), /write it like 1299/);
  assert.throws(() => toMinor('1.2345', 'BHD'), /BHD has 3 decimals: '1.2345' has 4/);
  assert.throws(() => toMinor('x', 'BHD'), /write it like 12.999/);
  assert.throws(() => toMinor('90071992547409.92', 'USD'), /too large/, 'past the largest exact number');
});

test('minor units to the text of an input field', () => {
  assert.equal(toMajor(1230, 'USD'), '12.30');
  assert.equal(toMajor(5, 'USD'), '0.05');
  assert.equal(toMajor(0, 'USD'), '0.00');
  assert.equal(toMajor(1299, 'JPY'), '1299');
  assert.equal(toMajor(1500, 'BHD'), '1.500');
  assert.equal(toMajor(5, 'BHD'), '0.005');
  assert.equal(toMajor(-5, 'USD'), '-0.05');
  assert.equal(toMajor(-1299, 'JPY'), '-1299');
  assert.equal(toMajor(null, 'USD'), '');
  assert.equal(toMajor(undefined, 'USD'), '');
});

test('both ways: what toMajor writes, toMinor reads back to the same minor units', () => {
  for (const currency of ['USD', 'JPY', 'BHD']) {
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 1999, 123456, Number.MAX_SAFE_INTEGER]) {
      assert.equal(toMinor(toMajor(minor, currency), currency), minor, `${minor} ${currency}`);
    }
  }
});

test('minor units shown in a locale, with the currency\'s own decimals', () => {
  assert.equal(display(1230, 'USD', 'en-US'), '$12.30');
  assert.equal(display(500, 'JPY', 'en-US'), '¥500');
  assert.equal(display(1234, 'BHD', 'en-US'), 'BHD\u00a01.234');
  assert.equal(display(123456, 'USD', 'de-DE'), '1.234,56\u00a0$');
  assert.equal(display(0, 'USD', 'en-US'), '$0.00');
  assert.equal(display(undefined, 'USD', 'en-US'), '—');
  assert.equal(display(1230, 'NOT', 'en-US'), 'NOT\u00a012.30', 'an unknown code is shown beside the amount');
});
