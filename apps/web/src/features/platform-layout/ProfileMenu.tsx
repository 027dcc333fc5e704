import { Menu } from "primereact/menu";
import type { MenuItem } from "primereact/menuitem";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth";
import { type ProfileAction, profileMenuItems } from "./profile-menu-items";
import "./ProfileMenu.css";

const MENU_ID = "profile-menu";

function initialsOf(name: string): string {
  const parts = name.split(/[\s._@-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

export function ProfileMenu() {
  const { user, accountUrl, signOut } = useAuth();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const run = (action: ProfileAction) => {
    if (action.kind === "navigate") navigate(action.path);
    else if (action.kind === "external") window.location.assign(action.href);
    else void signOut("/");
  };

  const model: MenuItem[] = profileMenuItems(user.roles, accountUrl).map((item) => ({
    label: item.label,
    icon: item.icon,
    command: () => run(item.action),
  }));
  const displayName = user.name ?? user.username;

  return (
    <div className="profile-menu">
      <button
        type="button"
        className="profile-menu__trigger"
        aria-haspopup="menu"
        aria-controls={MENU_ID}
        aria-expanded={open}
        onClick={(event) => menu.current?.toggle(event)}
      >
        <span className="profile-menu__avatar" aria-hidden="true">
          {initialsOf(displayName)}
        </span>
        <span className="profile-menu__name">{displayName}</span>
        <span className="visually-hidden">: account menu</span>
        <i className="pi pi-chevron-down" aria-hidden="true" />
      </button>
      <Menu
        ref={menu}
        id={MENU_ID}
        model={model}
        popup
        popupAlignment="right"
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
        className="profile-menu__list"
      />
    </div>
  );
}
