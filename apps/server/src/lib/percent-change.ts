// The % change from a previous figure to the current one, one decimal; 0 -> n is 100, 0 -> 0 is 0. Events and
// Analytics cards show it beside their figures.
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
