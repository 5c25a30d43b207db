// The live chart of a sku's stock: the samples kept (a bounded ring) and the chart's geometry.
// Pure functions, no DOM: what the chart draws follows from the samples alone.

/** Samples kept for the chart: at one every SAMPLE_EVERY_MS, about five minutes. */
export const KEPT_SAMPLES = 150;
/** How often the sku page samples the stock while it is open. */
export const SAMPLE_EVERY_MS = 2000;
/** The series drawn, in legend order. */
export const SERIES = ['available', 'reserved', 'sold'];

/** The samples with one more at the end, the oldest dropped past KEPT_SAMPLES. */
export function withSample(samples, sample, kept = KEPT_SAMPLES) {
  const next = samples.concat([sample]);
  return next.length > kept ? next.slice(next.length - kept) : next;
}

/** The largest value of any series (at least 1, so that an empty store still has a scale). */
export function scaleMax(samples) {
  let max = 1;
  for (const sample of samples) {
    for (const name of SERIES) {
      max = Math.max(max, sample[name] || 0);
    }
  }
  return max;
}

/**
 * The SVG polyline points of each series in a width × height box: x spreads the kept samples
 * evenly (the newest on the right edge), y grows downwards from the top (max) to the bottom (0).
 */
export function seriesPoints(samples, width, height, kept = KEPT_SAMPLES) {
  const max = scaleMax(samples);
  const step = kept > 1 ? width / (kept - 1) : width;
  const offset = kept - samples.length;
  const points = {};
  for (const name of SERIES) {
    points[name] = samples.map((sample, i) => {
      const x = (offset + i) * step;
      const y = height - ((sample[name] || 0) / max) * height;
      return `${round(x)},${round(y)}`;
    }).join(' ');
  }
  return points;
}

function round(value) {
  return Math.round(value * 10) / 10;
}
