import "./Logo.css";

/** The Openverde mark and word mark; the accessible name comes from the surrounding link. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={inverted ? "logo logo--inverted" : "logo"}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="4" className="logo__tile" />
        <path
          d="M16 6c-5.5 0-10 4.5-10 10s4.5 10 10 10c0-6 3-10 10-10 0-5.5-4.5-10-10-10z"
          className="logo__leaf"
        />
      </svg>
      <span className="logo__word">
        open<strong>verde</strong>
      </span>
    </span>
  );
}
