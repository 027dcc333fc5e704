/** The page rule for data sources: one positive page, or a range of ascending positive pages. */
export const pageRuleMessage =
  "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.";

const ZERO = 0x30;

/** Whether the text from `start` to `end` is a positive whole number without leading zeros. */
function isPositiveNumberAt(text: string, start: number, end: number): boolean {
  if (end <= start || text.charCodeAt(start) === ZERO) return false;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return false;
  }
  return true;
}

/** Read character by character: every data source of an upload has a page, and uploads have hundreds. */
export function isValidPage(page: string): boolean {
  const hyphen = page.indexOf("-");
  if (hyphen === -1) return isPositiveNumberAt(page, 0, page.length);
  return (
    isPositiveNumberAt(page, 0, hyphen) &&
    isPositiveNumberAt(page, hyphen + 1, page.length) &&
    Number(page.slice(0, hyphen)) < Number(page.slice(hyphen + 1))
  );
}
