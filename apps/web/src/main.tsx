import "primereact/resources/themes/lara-light-amber/theme.css";
import "primeicons/primeicons.css";
import "./app/styles/global.css";
import "./app/styles/prime-overrides.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Assertion error: Input was supposed to be non-null but is.");

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
