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

/** How far the generated forecast's last stage falls short of the goal because velocity shifts it past the plan's end. */
export type ForecastShortfall = {
  needed: number;
  inside: number;
  velocityDays: number;
  shiftMonths: number;
  /** The most days from the first stage to the last that keep every needed entry inside the plan. */
  fitVelocityDays: number;
};

type ShortfallInput = Parameters<typeof generateExpectedCounts>[0] & { needed: number };

/** Days from the first stage to the last: every stage's velocity but the last one's. */
export const funnelVelocityDays = (stages: readonly GenerateStage[]): number =>
  stages.slice(0, -1).reduce((days, stage) => days + stage.velocityDays, 0);

const lastStageTotal = (input: Parameters<typeof generateExpectedCounts>[0], shiftMonths: number): number => {
  // Only the total shift moves the last stage: put it all on the first stage.
  const stages = input.stages.map((stage, index) => ({ ...stage, velocityDays: index === 0 ? shiftMonths * DAYS_PER_MONTH : 0 }));
  const rows = generateExpectedCounts({ ...input, stages });
  return (rows.at(-1) ?? []).reduce((sum, count) => sum + count, 0);
};

/**
 * The shortfall of a generated forecast: null when its last stage holds every needed entry inside
 * the plan's months (or nothing shifts). Otherwise how many land inside, and the velocity that fits.
 */
export const findForecastShortfall = (input: ShortfallInput): ForecastShortfall | null => {
  const velocityDays = funnelVelocityDays(input.stages);
  const shiftMonths = Math.round(velocityDays / DAYS_PER_MONTH);
  if (input.stages.length < 2 || shiftMonths === 0) return null;
  const inside = lastStageTotal(input, shiftMonths);
  if (inside >= input.needed) return null;
  let fitMonths = 0;
  for (let months = shiftMonths - 1; months > 0; months -= 1) {
    if (lastStageTotal(input, months) >= input.needed) {
      fitMonths = months;
      break;
    }
  }
  // round(days ÷ 30) stays at fitMonths up to fitMonths × 30 + 14 days.
  return { needed: input.needed, inside, velocityDays, shiftMonths, fitVelocityDays: fitMonths * DAYS_PER_MONTH + 14 };
};

/** Each stage's days scaled down so the funnel takes at most `fitDays` from first stage to last (whole days, rounded down). */
export const compressVelocities = (stages: readonly GenerateStage[], fitDays: number): number[] => {
  const total = funnelVelocityDays(stages);
  return stages.map((stage, index) =>
    index === stages.length - 1 || total <= fitDays ? stage.velocityDays : Math.floor((stage.velocityDays * fitDays) / total),
  );
};
