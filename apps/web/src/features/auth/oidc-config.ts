import type { UserManagerSettings } from "oidc-client-ts";

export const REALM = "openverdesecurity";
export const CLIENT_ID = "openverde-web";
export const PLATFORM_REDIRECT_PATH = "/platform-redirect";
/** Where the provider sends people who signed out elsewhere (the account page): the app forgets them. */
export const SIGNED_OUT_PATH = "/signed-out";
const SILENT_CHECK_PATH = "/silent-check-sso.html";

/** How long the app waits for an answer from a hidden provider frame (spec §9). */
export const PROVIDER_MESSAGE_TIMEOUT_MS = 10_000;
/** A login that was started but never came back is forgotten after an hour (spec §4). */
const STALE_LOGIN_STATE_SECONDS = 60 * 60;

export const authorityUrl = (origin: string) => `${origin}/keycloak/realms/${REALM}`;

/** Keycloak's registration page takes the same parameters as its authorization endpoint. */
export const registrationUrl = (origin: string) =>
  `${authorityUrl(origin)}/protocol/openid-connect/registrations`;

export const accountUrl = (origin: string) =>
  `${authorityUrl(origin)}/account?referrer=${CLIENT_ID}&referrer_uri=${encodeURIComponent(origin)}`;

export const thirdPartyCookieCheckUrl = (origin: string) =>
  `${authorityUrl(origin)}/protocol/openid-connect/3p-cookies/step1.html`;

export function userManagerSettings(origin: string): UserManagerSettings {
  return {
    authority: authorityUrl(origin),
    client_id: CLIENT_ID,
    redirect_uri: `${origin}${PLATFORM_REDIRECT_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CHECK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    response_mode: "fragment",
    scope: "openid profile email",
    // The session rules decide when to refresh (spec §4); the library must not refresh on its own.
    automaticSilentRenew: false,
    silentRequestTimeoutInSeconds: PROVIDER_MESSAGE_TIMEOUT_MS / 1000,
    staleStateAgeInSeconds: STALE_LOGIN_STATE_SECONDS,
  };
}
