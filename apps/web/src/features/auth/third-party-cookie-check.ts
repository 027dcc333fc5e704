import { PROVIDER_MESSAGE_TIMEOUT_MS, thirdPartyCookieCheckUrl } from "./oidc-config";

/**
 * Keycloak's two-step frame tells whether the provider's cookies reach it from inside a frame. Only
 * then can the session-status frame notice a sign-out at the provider. Any failure or silence counts
 * as "not supported".
 */
export function providerCookiesWorkInFrames(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.title = "Sign-in cookie check";
    const finish = (supported: boolean) => {
      window.clearTimeout(timeout);
      window.removeEventListener("message", onMessage);
      frame.remove();
      resolve(supported);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      if (event.data === "supported" || event.data === "unsupported") finish(event.data === "supported");
    };
    const timeout = window.setTimeout(() => finish(false), PROVIDER_MESSAGE_TIMEOUT_MS);
    window.addEventListener("message", onMessage);
    frame.src = thirdPartyCookieCheckUrl(origin);
    document.body.append(frame);
  });
}
