import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { AuthProvider } from "../../features/auth";
import { MobileNotice } from "../../features/mobile-notice/MobileNotice";
import { DocumentTitle } from "./DocumentTitle";

/** Everything every page shares; it sits inside the router so that auth can navigate. */
export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollRestoration />
      <DocumentTitle />
      <MobileNotice />
      <Suspense fallback={<LoadingIndicator label="Loading the page." />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
