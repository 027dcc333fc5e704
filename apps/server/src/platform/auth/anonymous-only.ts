import { unauthorized } from "../http/errors";
import { ANONYMOUS, type Authenticator } from "./actor";

/** Used when no identity provider is configured: everyone is a visitor, and credentials cannot be checked. */
export function anonymousOnly(): Authenticator {
  return {
    authenticate: async (authorization) => {
      if (authorization)
        throw unauthorized("No identity provider is configured, so credentials cannot be checked.");
      return ANONYMOUS;
    },
  };
}
