// @ts-check
// Figures the measuring scripts (the bench, dev-measure) report.

/** The middle value; for an even count, the mean of the two middle ones. NaN for no values. @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
