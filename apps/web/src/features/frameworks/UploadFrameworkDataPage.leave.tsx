import { useLayoutEffect, useRef } from "react";

/**
 * Asks before leaving an upload with unsaved changes. A modal dialog for keyboard users too: focus
 * starts on "Stay", Tab and Shift+Tab go round its two buttons, Escape stays, and staying puts the
 * focus back where it was (e.g. on the link that was followed).
 */
export function LeaveUploadDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  // A layout effect, so the dialog is never painted without the focus on "Stay".
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    stayRef.current?.focus();
    return () => opener?.focus();
  }, []);

  const keepFocusInside = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onStay();
      return;
    }
    if (event.key !== "Tab") return;
    const buttons = [...(boxRef.current?.querySelectorAll<HTMLElement>("button") ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    const active = document.activeElement;
    if (event.shiftKey ? active === first || !buttons.includes(active as HTMLElement) : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  };

  return (
    <div
      className="upload-leave"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="upload-leave-title"
      aria-describedby="upload-leave-text"
      onKeyDown={keepFocusInside}
    >
      <div className="upload-leave__box" ref={boxRef}>
        <h2 id="upload-leave-title">Leave the upload?</h2>
        <p id="upload-leave-text">
          Your changes are not submitted. They stay kept in this browser, so you can come back to them later.
        </p>
        <div className="upload-leave__actions">
          <button type="button" className="p-button p-component" ref={stayRef} onClick={onStay}>
            Stay on the form
          </button>
          <button type="button" className="p-button p-component p-button-outlined" onClick={onLeave}>
            Leave
          </button>
        </div>
      </div>
    </div>
  );
}
