import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { SiteFooter } from "../../components/SiteFooter";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { useAuth } from "../auth";
import { SessionDialogs } from "../auth/SessionDialogs";
import { PlatformHeader } from "./PlatformHeader";
import { PlatformTabs } from "./PlatformTabs";
import "./PlatformLayout.css";

/** Frame of the platform pages: header with profile menu, tab menu, page, footer, session dialogs. */
export function PlatformLayout() {
  const { status } = useAuth();
  // Server state belongs to the platform pages; the public pages fetch nothing and stay lighter.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <div className="platform-layout">
        <SkipLink />
        <PlatformHeader />
        {status === "signedIn" ? <PlatformTabs /> : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Suspense fallback={<LoadingIndicator label="Loading the page." />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
        <SessionDialogs />
      </div>
    </QueryClientProvider>
  );
}
