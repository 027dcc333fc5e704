import type { ReactNode } from "react";
import { Link } from "react-router";

type Variant = "primary" | "outlined" | "text";

const variantClass: Record<Variant, string> = {
  primary: "p-button p-component",
  outlined: "p-button p-component p-button-outlined",
  text: "p-button p-component p-button-text",
};

/** A link that looks like a PrimeReact button: navigation stays a link for assistive technology. */
export function ButtonLink({
  to,
  variant = "primary",
  children,
  className,
}: {
  to: string;
  variant?: Variant;
  children: ReactNode;
  className?: string;
}) {
  const classes = [variantClass[variant], "button-link", className].filter(Boolean).join(" ");
  const external = /^(https?:|mailto:)/.test(to) || to.startsWith("/keycloak");
  return external ? (
    <a href={to} className={classes}>
      {children}
    </a>
  ) : (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
