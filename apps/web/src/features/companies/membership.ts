/**
 * What membership gives, in words, for the Companies page's enquiry card and the admins' company
 * rights card: the rule the server applies (docs/permissions.md, "Members"), from the same numbers.
 */
import { type CompanyRight, FREE_BULK_COMBINATIONS } from "@openverde/frameworks/access";

export type { CompanyRight };

/** What every user holding a role at a member company has beyond the others. */
export const MEMBER_BENEFITS: readonly string[] = [
  `bulk data requests of more than ${FREE_BULK_COMBINATIONS} combinations of company, framework and period at once`,
  "data requests handled first, at High priority",
];

/** What each right means for the company's people, for the admins who give it. */
export const RIGHT_HELP: Readonly<Record<CompanyRight, string>> = {
  Member: `everyone with a role at the company becomes a premium user: ${MEMBER_BENEFITS.join("; ")}`,
  Provider: "the company collects documents or extracts data for requests; it brings its people no role",
};
