/** The page rule for data sources: one positive page, or a range of ascending positive pages. */
export const pageRuleMessage =
  "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.";

const pagePattern = /^([1-9]\d*)(?:-([1-9]\d*))?$/;

export function isValidPage(page: string): boolean {
  const match = pagePattern.exec(page);
  if (!match) return false;
  return match[2] === undefined || Number(match[1]) < Number(match[2]);
}
