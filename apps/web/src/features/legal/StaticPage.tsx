import { Markdown } from "../../lib/markdown/Markdown";
import { type StaticPagePath, staticPages } from "./static-pages";
import "./StaticPage.css";

export function StaticPage({ path }: { path: StaticPagePath }) {
  return (
    <article className="static-page">
      <Markdown source={staticPages[path].source} />
    </article>
  );
}
