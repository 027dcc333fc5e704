import { useEffect, useState } from "react";

/** Copies a text to the clipboard and says so (also to screen readers). */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="wf-copy">
      <button type="button" className="p-button p-component p-button-outlined p-button-sm" onClick={copy}>
        <i className={`pi ${state === "copied" ? "pi-check" : "pi-copy"}`} aria-hidden="true" />
        <span>{state === "copied" ? "Copied" : label}</span>
      </button>
      <span className="wf-copy__status" aria-live="polite">
        {state === "copied"
          ? "Copied to the clipboard."
          : state === "failed"
            ? "Copying failed: select the text and copy it yourself."
            : ""}
      </span>
    </span>
  );
}
