/**
 * The longest text, in characters (Unicode code points, as JSON Schema's maxLength counts), that a
 * request may put into each kind of field. A character takes up to 4 bytes in UTF-8, and a B-tree
 * index row holds at most 2,704 bytes, so the limits of the texts one index row carries together
 * fit even text of 4-byte characters only: the covering index of the company register holds the
 * name, the headquarters, the sector and the first LEI (400 + 100 + 100 + 50 characters, at most
 * 2,600 bytes and the row's own overhead).
 */
export const TEXT_LIMITS = {
  /** An id of a record (a UUID, a user id, a SHA-256): generous, ids are checked where they are used. */
  id: 100,
  /** A reporting period ("2024"), a framework or data type name. */
  code: 100,
  /** A company's legal or alternative name. */
  companyName: 400,
  /** A city, a sector. */
  place: 100,
  /** A company identifier (LEI, ISIN, registration number, ...). */
  identifier: 50,
  /** A short name or title: a legal form, a portfolio's name, a topic. */
  title: 200,
  /** A document's name (its own rule allows 254). */
  fileName: 254,
  /** An e-mail address (RFC 5321). */
  email: 254,
  /** A web address. */
  url: 2_048,
  /** A message, a comment, a reason: free prose. */
  prose: 10_000,
  /** A text that is only looked up, never stored (an identifier to validate). */
  lookup: 1_000,
} as const;
