import { rolesAllow } from "../auth/roles";

export type ProfileAction =
  | { kind: "navigate"; path: string }
  | { kind: "external"; href: string }
  | { kind: "signOut" };

export interface ProfileMenuItem {
  label: string;
  icon: string;
  action: ProfileAction;
}

export function profileMenuItems(roles: readonly string[], accountUrl: string): ProfileMenuItem[] {
  const items: (ProfileMenuItem | false)[] = [
    { label: "USER SETTINGS", icon: "pi pi-user-edit", action: { kind: "external", href: accountUrl } },
    { label: "API KEY", icon: "pi pi-key", action: { kind: "navigate", path: "/api-key" } },
    {
      label: "DATA REQUEST",
      icon: "pi pi-file-import",
      action: { kind: "navigate", path: "/bulkdatarequest" },
    },
    rolesAllow({ roles }, "review") && {
      label: "QUALITY ASSURANCE",
      icon: "pi pi-check-square",
      action: { kind: "navigate", path: "/qualityassurance" },
    },
    rolesAllow({ roles }, "administer") && {
      label: "ADMIN CONSOLE",
      icon: "pi pi-shield",
      action: { kind: "navigate", path: "/admin/people" },
    },
    { label: "LOG OUT", icon: "pi pi-sign-out", action: { kind: "signOut" } },
  ];
  return items.filter((item): item is ProfileMenuItem => item !== false);
}
