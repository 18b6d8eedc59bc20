/**
 * Generate (DESIGN.md §9): the first stage's Required spread over the plan's months in proportion
 * to the budget's monthly phasing (evenly when there is no budget), each later stage shifted by
 * the earlier stages' velocity (whole months, rounded) and multiplied by their conversion rates.
 * Counts are whole: each stage's row is rounded so that it adds up to its rounded total.
 */

/** Velocity days per month when shifting a stage (a 30-day month: 45 days is 1.5 → 2 months). */
export const DAYS_PER_MONTH = 30;

export type GenerateStage = { rateTenThousandths: number | null; velocityDays: number };

/** Whole numbers summing to round(Σ values); the units left go to the largest remainders, earlier months first on ties. */
export const roundPreservingTotal = (values: readonly number[]): number[] => {
  // Six decimals absorb float noise such as 0.30000000000000004 before flooring.
  const clean = values.map((value) => Math.round(value * 1e6) / 1e6);
  const floors = clean.map(Math.floor);
  const target = Math.round(clean.reduce((sum, value) => sum + value, 0));
  let left = target - floors.reduce((sum, value) => sum + value, 0);
  const order = clean
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
};

/** Each month's share of the budget; equal shares when the months hold no budget. */
export const monthWeights = (budgetCents: readonly number[]): number[] => {
  const total = budgetCents.reduce((sum, cents) => sum + Math.max(0, cents), 0);
  if (total <= 0) return budgetCents.map(() => 1 / Math.max(1, budgetCents.length));
  return budgetCents.map((cents) => Math.max(0, cents) / total);
};

/**
 * Expected counts per stage (rows, in stage order) per month (columns, the plan's months).
 * Volume shifted past the plan's last month falls outside the plan and is not counted.
 */
export const generateExpectedCounts = (input: {
  firstStageRequired: number;
  budgetCentsByMonth: readonly number[];
  stages: readonly GenerateStage[];
}): number[][] => {
  const weights = monthWeights(input.budgetCentsByMonth);
  const base = weights.map((weight) => input.firstStageRequired * weight);
  let factor = 1;
  let shiftDays = 0;
  return input.stages.map((_stage, index) => {
    if (index > 0) {
      const previous = input.stages[index - 1] as GenerateStage;
      factor *= (previous.rateTenThousandths ?? 0) / 10_000;
      shiftDays += previous.velocityDays;
    }
    const shift = Math.round(shiftDays / DAYS_PER_MONTH);
    const row = base.map((_, month) => (month - shift >= 0 ? (base[month - shift] ?? 0) * factor : 0));
    return roundPreservingTotal(row);
  });
};
