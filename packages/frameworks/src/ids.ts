/**
 * The one rule for ids (company, user, dataset, data point, portfolio, request, subscription, export
 * job ids): a UUID written the canonical way, 32 hexadecimal digits in groups of 8-4-4-4-12 joined by
 * hyphens, in either case. Any version and variant is accepted: dataset and data point ids are of
 * version 7, the others of version 4 or 5, and the reference API reads ids with Java's UUID parser,
 * which does not look at the version either. Every text this accepts is a valid PostgreSQL uuid, so a
 * checked id never makes a `::uuid` cast fail. Prefixes (`urn:uuid:`), braces and ids without
 * hyphens are refused.
 */
export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

const UUID = new RegExp(UUID_PATTERN);

/** Whether the value is an id by the rule above. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
