import { isMobileUserAgent } from "./is-mobile-user-agent";
import "./MobileNotice.css";

export function MobileNotice() {
  if (!isMobileUserAgent(navigator.userAgent)) return null;
  return (
    <aside className="mobile-notice" aria-label="Notice for mobile devices">
      <i className="pi pi-desktop" aria-hidden="true" />
      <p>
        We are working on making the website display properly on mobile. For now we invite you to use the
        desktop version.
      </p>
    </aside>
  );
}
