/**
 * The funnel's reverse math and its actuals (DESIGN.md §9), as pure functions over integers:
 * money in cents, rates in basis points of a basis point (0.2500 → 2500), so ceil() never meets
 * a float like 30 ÷ 0.3 = 100.00000000000001.
 */

export type StageInput = {
  id: string;
  /** Conversion to the next stage in ten-thousandths (0.25 → 2500); null when not set. */
  rateTenThousandths: number | null;
};

export type ReverseMath = {
  dealsNeeded: number;
  /** Per stage, in the stages' order; null where a rate at or below the stage is missing or 0. */
  required: (number | null)[];
  /** The cost stage's required × its cost per entry, in cents; null when either is unknown. */
  impliedBudgetCents: number | null;
};

/** The stage a plan's cost per entry refers to when it names none (or one no longer active): Lead, else the first. */
export const defaultCostStageIndex = (stages: readonly { name: string }[]): number => {
  const lead = stages.findIndex((stage) => stage.name.trim().toLowerCase() === 'lead');
  return lead >= 0 ? lead : 0;
};

/** The index of the stage the cost per entry refers to: the chosen one while it is active, else the default. */
export const costStageIndex = (stages: readonly { id: string; name: string }[], chosenId: string | null): number => {
  const chosen = chosenId === null ? -1 : stages.findIndex((stage) => stage.id === chosenId);
  return chosen >= 0 ? chosen : defaultCostStageIndex(stages);
};

const RATE_SCALE = 10_000n;

const ceilDiv = (numerator: bigint, denominator: bigint): bigint => (numerator + denominator - 1n) / denominator;

/** Rates arrive as numeric(5,4) numbers; to ten-thousandths without float drift. */
export const toTenThousandths = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 10_000));

/**
 * DealsNeeded = ceil(goal ÷ deal size); the last stage needs DealsNeeded; each earlier stage needs
 * ceil(next ÷ its conversion rate). The last stage's own rate is never used. The implied budget is
 * the volume of the stage the cost refers to (`costStage`, an index; the first by default) × its cost.
 */
export const computeReverseMath = (
  model: { revenueGoalCents: number; averageDealSizeCents: number; costPerLeadCents: number | null },
  stages: readonly StageInput[],
  costStage = 0,
): ReverseMath => {
  const deals = ceilDiv(BigInt(model.revenueGoalCents), BigInt(model.averageDealSizeCents));
  const required: (bigint | null)[] = stages.map(() => null);
  let next: bigint | null = deals;
  for (let index = stages.length - 1; index >= 0; index -= 1) {
    if (index === stages.length - 1) {
      required[index] = deals;
      continue;
    }
    const rate = stages[index]?.rateTenThousandths ?? null;
    next = next === null || rate === null || rate <= 0 ? null : ceilDiv(next * RATE_SCALE, BigInt(rate));
    required[index] = next;
  }
  const volume = required[costStage] ?? null;
  return {
    dealsNeeded: Number(deals),
    required: required.map((value) => (value === null ? null : Number(value))),
    impliedBudgetCents: volume === null || model.costPerLeadCents === null ? null : Number(volume * BigInt(model.costPerLeadCents)),
  };
};

/** Hundredths of a count (counts carry at most 2 decimals), so sums stay exact. */
const hundredths = (count: number): number => Math.round(count * 100);

export type StageActuals = {
  /** Sum of the entered actuals, as a count. */
  actual: number;
  /** Next stage's actual ÷ this stage's over the months where both have one; null without such months or a 0 base. */
  actualConversion: number | null;
  /** Plan spend ÷ actual, in cents; null when actual is 0. */
  costPerStageCents: number | null;
};

/**
 * Actual figures per stage from the actual counts by month (stage order as given; a missing
 * month means no actual was entered) and the plan's actual spend.
 */
export const computeActuals = (actualsByStage: readonly ReadonlyMap<string, number>[], spendCents: number): StageActuals[] =>
  actualsByStage.map((months, index) => {
    const total = [...months.values()].reduce((sum, count) => sum + hundredths(count), 0);
    const next = actualsByStage[index + 1];
    let base = 0;
    let reached = 0;
    let shared = 0;
    if (next) {
      for (const [month, count] of months) {
        const nextCount = next.get(month);
        if (nextCount === undefined) continue;
        shared += 1;
        base += hundredths(count);
        reached += hundredths(nextCount);
      }
    }
    return {
      actual: total / 100,
      actualConversion: next && shared > 0 && base > 0 ? Math.round((reached / base) * 10_000) / 10_000 : null,
      costPerStageCents: total > 0 ? Math.round((spendCents * 100) / total) : null,
    };
  });

/** Every YYYY-MM from the month of `start` to the month of `end`, inclusive. */
export const planMonths = (start: string, end: string): string[] => {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
};
