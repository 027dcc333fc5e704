import type { ReactNode } from "react";
import "./PageFrame.css";

/** The common frame of a platform page: one heading, a sentence on what the page is for, its content. */
export function PageFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <article className="page-frame" aria-labelledby="page-title">
      <header className="page-frame__header">
        <h1 id="page-title">{title}</h1>
        <p className="page-frame__description">{description}</p>
      </header>
      {children}
    </article>
  );
}
