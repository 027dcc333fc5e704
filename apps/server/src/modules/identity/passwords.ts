import { type Algorithm, hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id, a const enum that isolated modules cannot read

// OWASP's recommended argon2id setting (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 10;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so a missing account cannot be told apart by the answer's speed. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("no such account, no such password");
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The strength rule for passwords people choose: at least 10 characters with three kinds of character
 * (lower case, upper case, digits, others), or at least 16 characters of any kind; and not the username
 * or e-mail address. Returns what is wrong, or undefined.
 */
export function passwordProblem(
  password: string,
  about: { username?: string; email?: string } = {},
): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > 256) return "The password must be at most 256 characters long.";
  const lower = password.toLowerCase();
  for (const value of [about.username, about.email]) {
    if (value && lower.includes(value.toLowerCase()))
      return "The password must not contain your username or e-mail address.";
  }
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((kind) => kind.test(password)).length;
  if (password.length < 16 && kinds < 3)
    return "Use at least three kinds of character (lower case, upper case, digits, symbols), or at least 16 characters.";
  if (new Set(password).size < 5) return "The password repeats too few different characters.";
  return undefined;
}
