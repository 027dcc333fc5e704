import { selectDisabledAt, updateAccountState } from "./admin-store";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import {
  type AnyExecutor,
  type Executor,
  identityTables,
  selectUserByEmail,
  selectUserById,
  selectUserByUsername,
} from "./store";
import { accountKey, type LoginThrottle } from "./throttle";

/** Whose password: the name typed at sign-in, or the signed-in user's id (the account pages). */
export type Claimant = { login: string } | { userId: string };

// A name with an @ is looked up as an e-mail address, then as a username.
const findClaimed = (tables: Executor, claimant: Claimant) => {
  if ("userId" in claimant) return selectUserById(tables, claimant.userId);
  const name = claimant.login.trim();
  return name.includes("@")
    ? selectUserByEmail(tables, name).then((row) => row ?? selectUserByUsername(tables, name))
    : selectUserByUsername(tables, name);
};

export type PasswordCheck =
  | { outcome: "right"; userId: string }
  | { outcome: "wrong" }
  /** The right password of an account an admin disabled (told only to who knows the password). */
  | { outcome: "disabled" }
  | { outcome: "locked"; retryAfterSeconds: number };

/**
 * The one way to check a password (sign-in, and the account pages' confirmation): each check is paid
 * from the sign-in budget of the account and the address first, and refused unchecked when it is spent.
 */
export function passwordChecker(db: AnyExecutor, throttle: LoginThrottle) {
  const tables = identityTables(db);
  return async (claimant: Claimant, password: string, address: string): Promise<PasswordCheck> => {
    const row = await findClaimed(tables, claimant);
    const account = accountKey(row ? { userId: row.id } : claimant);
    const verdict = await throttle.attempt(account, address);
    if (!verdict.allowed) return { outcome: "locked", retryAfterSeconds: verdict.retryAfterSeconds };
    // An unknown account takes as long as a known one, so the answer's speed tells nothing.
    const right = row
      ? await verifyPassword(row.password_hash, password)
      : await verifyAgainstNothing(password);
    if (!row || !right) return { outcome: "wrong" };
    await throttle.succeeded(account, address);
    if (await selectDisabledAt(tables, row.id))
      return "login" in claimant ? { outcome: "disabled" } : { outcome: "wrong" };
    if ("login" in claimant) await updateAccountState(tables, row.id, { lastSignInAt: new Date() });
    return { outcome: "right", userId: row.id };
  };
}

export type PasswordChecker = ReturnType<typeof passwordChecker>;
