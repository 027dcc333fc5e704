/**
 * Ids on the server, by the one rule of `@openverde/frameworks/ids` (the web app checks ids by it too).
 *
 * - An id in a path that breaks the rule names nothing: the service answers 404, as for an unknown id.
 *   Path parameters are therefore plain strings in the schemas, checked with `isUuid` in the service.
 * - An id in a query parameter or a body that breaks the rule is bad input: such fields are declared
 *   with `uuidString()`, and validation answers 400 naming the field.
 */

import { UUID_PATTERN } from "@openverde/frameworks/ids";
import { type StringOptions, Type } from "@sinclair/typebox";

export { isUuid, UUID_PATTERN } from "@openverde/frameworks/ids";

/** A query or body field that must hold an id. */
export const uuidString = (options: StringOptions = {}) => Type.String({ ...options, format: "uuid" });

/**
 * Makes the JSON Schema format `uuid` mean the rule above; Ajv's own format would also let through
 * `urn:uuid:` prefixes, which PostgreSQL does not read as a uuid.
 */
export function registerUuidFormat(ajv: { addFormat(name: string, format: RegExp): unknown }): void {
  ajv.addFormat("uuid", new RegExp(UUID_PATTERN));
}
