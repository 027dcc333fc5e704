/**
 * NACE Rev. 2 sections and the divisions each contains. Codes arrive in several spellings
 * (`47.23`, `E.38.11`, `C27.9`, `A`), so a code is accepted when its section exists, its division
 * exists (in that section, when one is named) and its group and class digits are well formed.
 */
const divisionsBySection: Record<string, readonly number[]> = {
  A: [1, 2, 3],
  B: [5, 6, 7, 8, 9],
  C: range(10, 33),
  D: [35],
  E: [36, 37, 38, 39],
  F: [41, 42, 43],
  G: [45, 46, 47],
  H: [49, 50, 51, 52, 53],
  I: [55, 56],
  J: range(58, 63),
  K: [64, 65, 66],
  L: [68],
  M: range(69, 75),
  N: range(77, 82),
  O: [84],
  P: [85],
  Q: [86, 87, 88],
  R: range(90, 93),
  S: [94, 95, 96],
  T: [97, 98],
  U: [99],
};

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

export const naceSections: readonly string[] = Object.keys(divisionsBySection);

const sectionOfDivision = new Map(
  Object.entries(divisionsBySection).flatMap(([section, divisions]) =>
    divisions.map((division) => [division, section]),
  ),
);

const naceCodePattern = /^(?:([A-U])\.?)?(\d{2})(?:\.(\d{1,2}))?$/;

export function isNaceCode(code: string): boolean {
  if (code in divisionsBySection) return true;
  const match = naceCodePattern.exec(code);
  if (!match) return false;
  const section = sectionOfDivision.get(Number(match[2]));
  return section !== undefined && (match[1] === undefined || match[1] === section);
}

/** Every division as `01`..`99`, with its section; used to generate sample data. */
export function naceDivisions(): { section: string; division: string }[] {
  return Object.entries(divisionsBySection).flatMap(([section, divisions]) =>
    divisions.map((division) => ({ section, division: String(division).padStart(2, "0") })),
  );
}

/** Keys of the SFDR high impact climate sector map: NACE sections A to H and L. */
export const highImpactClimateSectorKeys: readonly string[] = [
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
  "L",
].map((section) => `NaceCode${section}`);
