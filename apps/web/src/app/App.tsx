import { useState } from "react";
// The DOM build of the provider, so a navigation may ask to be rendered at once (flushSync).
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
