import { definePolicy, rolesAllow } from "../../platform/auth/policy";

/** The admin console: for admins only, every operation of it (the safety rules are the service's). */
export const can = definePolicy({
  administer: (actor) => rolesAllow(actor, "administer"),
});
