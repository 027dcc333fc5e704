import { useState } from "react";
import { useRouteHandle } from "../platform-layout/route-handle";
import { isMobileUserAgent } from "./is-mobile-user-agent";
import "./MobileNotice.css";

/** Remembered for the browser tab only, so a later visit repeats the notice once. */
const DISMISSED_KEY = "openverde.mobile-notice-dismissed";

function dismissedInThisTab(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "yes";
  } catch {
    return false;
  }
}

/**
 * On a phone or tablet, the pages made for a large screen (the upload form) say so; every page for
 * reading works at a phone's width and shows no notice.
 */
export function MobileNotice() {
  const [dismissed, setDismissed] = useState(dismissedInThisTab);
  const desktopOnly = useRouteHandle("desktopOnly") === true;
  if (dismissed || !desktopOnly || !isMobileUserAgent(navigator.userAgent)) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, "yes");
    } catch {
      // Storage can be switched off; the notice then stays away until the next page load.
    }
    setDismissed(true);
  };

  return (
    <aside className="mobile-notice" aria-label="Notice for mobile devices">
      <i className="pi pi-desktop" aria-hidden="true" />
      <p>
        This form is made for a larger screen. Reading data works on a phone; to upload, we invite you to use
        the desktop version.
      </p>
      <button
        type="button"
        className="mobile-notice__dismiss"
        aria-label="Dismiss the notice"
        onClick={dismiss}
      >
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </aside>
  );
}
