const HYPHEN = 0x2d;
const ZERO = 0x30;

/** The number written by the ASCII digits from `start` to `end`, or -1 when another character is there. */
function digitsAt(text: string, start: number, end: number): number {
  let number = 0;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for a real calendar date written as YYYY-MM-DD. Read digit by digit: uploads check thousands of
 * dates, and a regular expression's match with a Date to check the day took a fifth of the whole
 * validation. Years before 100 stay refused, as when a Date checked them (it reads them as 19xx).
 */
export function isIsoDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== HYPHEN || value.charCodeAt(7) !== HYPHEN) return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day <= daysInMonth;
}
