// Prices: people type major units ("11.99 USD"), the API stores integer minor units (1199) of the
// currency. The conversion works on the digits as text, never through floating point, so 0.29
// stays 29 and never becomes 28.999….

/** Digits after the decimal point of a currency: 2 for USD/EUR, 0 for JPY, 3 for BHD (ISO 4217, from Intl). */
export function fractionDigits(currency) {
  try {
    return new Intl.NumberFormat('en', {style: 'currency', currency}).resolvedOptions().maximumFractionDigits;
  } catch (e) {
    return 2;
  }
}

/**
 * "12.3" USD → 1230. Throws an Error with a sentence for the person when the text is not an
 * amount of that currency (a letter, a minus sign, too many decimals).
 */
export function toMinor(text, currency) {
  const digits = fractionDigits(currency);
  const value = String(text).trim().replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) {
    throw new Error(`'${text}' is not an amount: write it like ${digits ? '12.' + '9'.repeat(digits) : '1299'}`);
  }
  const fraction = match[2] || '';
  if (fraction.length > digits) {
    throw new Error(`${currency} has ${digits} decimal${digits === 1 ? '' : 's'}: '${text}' has ${fraction.length}`);
  }
  const minor = BigInt(match[1]) * 10n ** BigInt(digits) + BigInt((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(`'${text}' is too large`);
  }
  return Number(minor);
}

/** 1230, "USD" → "12.30" (for an input field; no currency sign, no grouping). */
export function toMajor(minor, currency) {
  if (minor === null || minor === undefined || minor === '') {
    return '';
  }
  const digits = fractionDigits(currency);
  const value = BigInt(minor);
  if (digits === 0) {
    return String(value);
  }
  // The sign goes before the padded digits: -5 cents is "-0.05", not "0.-5".
  const sign = value < 0n ? '-' : '';
  const padded = String(value < 0n ? -value : value).padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** 1230, "USD" → "$12.30" in the reader's locale, or in `locale` when given (for display only). */
export function display(minor, currency, locale) {
  if (typeof minor !== 'number') {
    return '—';
  }
  const major = toMajor(minor, currency);
  try {
    return new Intl.NumberFormat(locale, {style: 'currency', currency}).format(Number(major));
  } catch (e) {
    return `${major} ${currency}`;
  }
}
