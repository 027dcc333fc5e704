import type { AnyExecutor } from "./store";

/** What another module removes of its own when portfolios are deleted, in the deleting transaction. */
export type PortfolioDeletionStep = (trx: AnyExecutor, portfolioIds: readonly string[]) => Promise<void>;

const deletionSteps: PortfolioDeletionStep[] = [];

/**
 * Modules that keep state beside a portfolio (the impact module its positions) provide the step that
 * removes it; they sit above this module, which therefore cannot ask them directly.
 */
export function providePortfolioDeletionStep(step: PortfolioDeletionStep): void {
  deletionSteps.push(step);
}

export async function runPortfolioDeletionSteps(
  trx: AnyExecutor,
  portfolioIds: readonly string[],
): Promise<void> {
  if (portfolioIds.length === 0) return;
  for (const step of deletionSteps) await step(trx, portfolioIds);
}
