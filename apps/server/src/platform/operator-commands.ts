import { userInfo } from "node:os";
import { ApiError } from "./http/errors";

/** A command called the wrong way (a missing or contradicting option): told as one sentence. */
export class UsageError extends Error {}

/**
 * Runs a command's action so that what the operator got wrong (a usage mistake, or a refusal by the
 * rules the API also applies: unknown, decided already, invalid lines) is printed as sentences with
 * exit code 1 instead of a stack trace. Anything else is a fault and keeps its stack.
 */
export function guarded<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (error instanceof UsageError) process.stderr.write(`${error.message}\n`);
      else if (error instanceof ApiError)
        for (const detail of error.toResponse().errors) process.stderr.write(`${detail.message}\n`);
      else throw error;
      process.exitCode = 1;
    }
  };
}

/** Who the audit trail names for a change made at the command line: it, and the system account running it. */
export function commandLineOperator(): { kind: "operator"; name: string } {
  let name = "unknown";
  try {
    name = userInfo().username;
  } catch {
    // No entry for the process's user (a container's numeric user): "unknown" it is.
  }
  return { kind: "operator", name: `command line (${name})` };
}
