import { createHash } from "node:crypto";

/** Value of the characters 0-9 and A-Z in ISO 7064 MOD 97-10 (A = 10 ... Z = 35). */
function digitsOf(text: string): string {
  let digits = "";
  for (const character of text.toUpperCase()) {
    const code = character.charCodeAt(0);
    digits += code >= 65 && code <= 90 ? String(code - 55) : character;
  }
  return digits;
}

function mod97(digits: string): number {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) {
    remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  }
  return remainder;
}

/** Completes 18 characters to an LEI with its two check digits (ISO 17442). */
export function withLeiCheckDigits(base18: string): string {
  const check = 98 - mod97(digitsOf(`${base18}00`));
  return `${base18}${String(check).padStart(2, "0")}`;
}

export function isValidLei(lei: string): boolean {
  return /^[0-9A-Z]{18}[0-9]{2}$/.test(lei) && mod97(digitsOf(lei)) === 1;
}

/** Completes 11 characters (country + national number) to an ISIN with its Luhn check digit. */
export function withIsinCheckDigit(base11: string): string {
  const digits = digitsOf(base11);
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return `${base11}${(10 - (sum % 10)) % 10}`;
}

/** A UUID derived from a name, the same every time (for demo data that must stay put). */
export function stableUuid(name: string): string {
  const hex = createHash("sha1").update(`openverde:${name}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A small seeded random generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
