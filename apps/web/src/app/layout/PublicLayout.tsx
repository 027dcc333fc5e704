import { Outlet } from "react-router";
import { SiteFooter } from "../../components/SiteFooter";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { PublicHeader } from "./PublicHeader";

/** Frame of the pages anyone may read: landing, about and the legal pages. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
