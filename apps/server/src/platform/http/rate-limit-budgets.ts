/**
 * How many requests of a kind each kind of caller may make per minute, as the configuration sets
 * them. Kept apart from the limiter so that the configuration can check the settings at start.
 */

/** Kinds of callers: a visitor is counted per address, anyone signed in per user or per API key. */
export const CALLER_KINDS = ["visitor", "reader", "uploader", "admin"] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** Requests per minute for each kind of caller. */
export type Budget = Readonly<Record<CallerKind, number>>;

/**
 * The budgets an operator may change. A reader's browser uploads by hand; an uploader's or an
 * admin's pipeline pushes whole years of data (100 datasets a second, 10 documents). The abuse
 * protections (sign-in, API key checks, password reset) are fixed in rate-limits.ts instead.
 */
export const DEFAULT_BUDGETS = {
  "document-uploads": { visitor: 60, reader: 60, uploader: 600, admin: 600 },
  "dataset-uploads": { visitor: 120, reader: 120, uploader: 6_000, admin: 6_000 },
  "non-sourceable": { visitor: 120, reader: 120, uploader: 6_000, admin: 6_000 },
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof DEFAULT_BUDGETS;
const BUDGET_NAMES = Object.keys(DEFAULT_BUDGETS) as BudgetName[];

export interface RateLimitBudgets {
  budgets: Readonly<Record<BudgetName, Budget>>;
  /** Users, by username or user id, whose budgets are multiplied by the factor given. */
  raised: ReadonlyMap<string, number>;
}

const entries = (raw: string | undefined): string[] =>
  (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

const wholeNumber = (text: string, minimum: number): number | undefined => {
  const value = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(value) && value >= minimum ? value : undefined;
};

/**
 * RATE_LIMIT_BUDGETS changes budgets: `dataset-uploads.reader=600,document-uploads.admin=1200`.
 * RATE_LIMIT_RAISED gives named users more: `pipeline_bot=10,8f14e45f-...=4` multiplies every
 * budget above for that user (their browser and their API key alike).
 */
export function parseRateLimitBudgets(
  budgetsSetting: string | undefined,
  raisedSetting: string | undefined,
  fail: (message: string) => Error,
): RateLimitBudgets {
  const budgets: Record<BudgetName, Budget> = { ...DEFAULT_BUDGETS };
  for (const entry of entries(budgetsSetting)) {
    const match = /^([a-z-]+)\.([a-z]+)=(.*)$/.exec(entry);
    const [name, kind, value] = [match?.[1], match?.[2], wholeNumber(match?.[3] ?? "", 1)];
    if (!BUDGET_NAMES.includes(name as BudgetName) || !CALLER_KINDS.includes(kind as CallerKind) || !value)
      throw fail(
        `RATE_LIMIT_BUDGETS takes entries like dataset-uploads.reader=600 (limits: ${BUDGET_NAMES.join(", ")}; callers: ${CALLER_KINDS.join(", ")}; a whole number of requests per minute above 0), got "${entry}".`,
      );
    budgets[name as BudgetName] = { ...budgets[name as BudgetName], [kind as CallerKind]: value };
  }
  const raised = new Map<string, number>();
  for (const entry of entries(raisedSetting)) {
    const split = entry.lastIndexOf("=");
    const factor = wholeNumber(entry.slice(split + 1), 1);
    if (split < 1 || !factor)
      throw fail(
        `RATE_LIMIT_RAISED takes entries like pipeline_bot=10 (a username or user id, and the whole number its budgets are multiplied by), got "${entry}".`,
      );
    raised.set(entry.slice(0, split), factor);
  }
  return { budgets, raised };
}
