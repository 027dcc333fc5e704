import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "text";

/**
 * A native button in the PrimeReact button look. Public pages use it instead of PrimeReact's Button,
 * which would pull the tooltip and overlay machinery into the bundle every visitor downloads.
 */
export function PlainButton({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const classes = ["p-button p-component plain-button", variant === "text" && "p-button-text", className]
    .filter(Boolean)
    .join(" ");
  return <button type={type} className={classes} {...props} />;
}
