export const MAIN_CONTENT_ID = "main-content";

/** Lets keyboard users jump past the header and menus straight to the page's content. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
