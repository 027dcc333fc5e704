/** The realm of the identity provider; its paths follow Keycloak's, so Keycloak can take its place. */
export const REALM = process.env.REALM?.trim() || "openverdesecurity";
export const REALM_PATH = `/keycloak/realms/${REALM}`;
