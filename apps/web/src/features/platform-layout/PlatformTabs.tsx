import { Link } from "react-router";
import { useAuth } from "../auth";
import { visibleTabs } from "./platform-tabs";
import { useRouteHandle } from "./route-handle";
import { useOwnsACompany } from "./use-owns-a-company";
import "./PlatformTabs.css";

export function PlatformTabs() {
  const { user } = useAuth();
  const ownsACompany = useOwnsACompany();
  const activeIndex = useRouteHandle("tabIndex");
  const tabs = visibleTabs({ roles: user?.roles ?? [], ownsACompany });

  return (
    <nav className="platform-tabs p-tabmenu p-component" aria-label="Platform sections">
      <ul className="p-tabmenu-nav">
        {tabs.map((tab) => {
          const active = tab.index === activeIndex;
          return (
            <li key={tab.index} className={active ? "p-tabmenuitem p-highlight" : "p-tabmenuitem"}>
              <Link to={tab.path} className="p-menuitem-link" aria-current={active ? "page" : undefined}>
                <span className="p-menuitem-text">{tab.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
