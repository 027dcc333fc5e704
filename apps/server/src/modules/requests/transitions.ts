/** Applies a transition table of model.ts to a change someone asked for. */
import { badRequest, forbidden } from "../../platform/http/errors";
import { judgeTransition, type Mover, type Transition } from "./model";

function describeRefusal<S extends string>(what: string, from: S, to: S, allowed: readonly S[]): string {
  return `${what} in state ${from} cannot move to ${to}; allowed from ${from}: ${allowed.join(", ") || "none"}.`;
}

/** Applies a state-transition table: 400 naming the allowed targets, 403 when the move is not the actor's. */
export function enforceTransition<S extends string>(
  table: readonly Transition<S>[],
  what: string,
  from: S,
  to: S,
  movers: readonly Mover[],
  field: string,
): void {
  const verdict = judgeTransition(table, from, to, movers);
  if (verdict.ok) return;
  if (verdict.reason === "invalid")
    throw badRequest(describeRefusal(what, from, to, verdict.allowed), `Invalid ${field}`);
  throw forbidden(
    `You may not move ${what.toLowerCase()} from ${from} to ${to}; you may move it to: ${verdict.allowed.join(", ") || "nothing"}.`,
  );
}
