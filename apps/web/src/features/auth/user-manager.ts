import { UserManager, type UserManagerSettings, WebStorageStateStore } from "oidc-client-ts";
import { registrationUrl, userManagerSettings } from "./oidc-config";
import { sessionStore, type TokenResponseLifetime } from "./session-store";

/**
 * oidc-client-ts drops `refresh_expires_in` when it turns a token response into a User, yet the
 * session rules run on exactly that value. This manager records it from every token response:
 * redirect and silent sign-in go through processSigninResponse, refreshes through useRefreshToken.
 */
class SessionTrackingUserManager extends UserManager {
  constructor(settings: UserManagerSettings) {
    super(settings);
    const client = this._client;
    const processSigninResponse = client.processSigninResponse.bind(client);
    client.processSigninResponse = async (...args) => {
      const response = await processSigninResponse(...args);
      sessionStore.rememberTokenResponse(response as TokenResponseLifetime);
      return response;
    };
    const useRefreshToken = client.useRefreshToken.bind(client);
    client.useRefreshToken = async (...args) => {
      const response = await useRefreshToken(...args);
      sessionStore.rememberTokenResponse(response as TokenResponseLifetime);
      return response;
    };
  }
}

export interface UserManagers {
  /** Signs in, refreshes, signs out. */
  main: UserManager;
  /** Starts the same code flow at the provider's registration page instead of its login page. */
  registration: UserManager;
}

export function createUserManagers(origin: string): UserManagers {
  const settings: UserManagerSettings = {
    ...userManagerSettings(origin),
    // Shared by all tabs, so that signing out in one tab is noticed in the others.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  };
  return {
    main: new SessionTrackingUserManager(settings),
    registration: new UserManager({
      ...settings,
      metadataSeed: { authorization_endpoint: registrationUrl(origin) },
    }),
  };
}
