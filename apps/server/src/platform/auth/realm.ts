/** The realm of the identity provider (REALM); its paths follow Keycloak's, so Keycloak can take its place. */
export const DEFAULT_REALM = "openverdesecurity";

/** Where a realm's provider answers: `/keycloak/realms/<realm>`. */
export const realmPath = (realm: string): string => `/keycloak/realms/${realm}`;

/** The default realm's path, which test platforms (REALM unset) answer at. */
export const DEFAULT_REALM_PATH = realmPath(DEFAULT_REALM);
