import { rolesAllow } from "../auth/roles";

export interface TabAccess {
  roles: readonly string[];
  /** Holds the CompanyOwner role for at least one company (community module). */
  ownsACompany: boolean;
}

export interface PlatformTab {
  /** The tab index of spec §2; routes name it in their handle to mark their tab active. */
  index: number;
  label: string;
  path: string;
  visibleTo(access: TabAccess): boolean;
}

const everyone = () => true;

export const platformTabs: readonly PlatformTab[] = [
  { index: 0, label: "MY PORTFOLIOS", path: "/portfolios", visibleTo: everyone },
  { index: 1, label: "COMPANIES", path: "/companies", visibleTo: everyone },
  { index: 2, label: "MY DATASETS", path: "/datasets", visibleTo: everyone },
  { index: 3, label: "QA", path: "/qualityassurance", visibleTo: (access) => rolesAllow(access, "review") },
  { index: 4, label: "MY DATA REQUESTS", path: "/requests", visibleTo: everyone },
  {
    index: 5,
    label: "DATA REQUESTS FOR MY COMPANIES",
    path: "/companyrequests",
    visibleTo: (access) => access.ownsACompany,
  },
  {
    index: 6,
    label: "ALL DATA REQUESTS",
    path: "/requestoverview",
    visibleTo: (access) => rolesAllow(access, "administer"),
  },
  // Openverde's own, after the tabs of spec §2: data across companies, for everyone signed in.
  { index: 7, label: "DATA EXPLORER", path: "/explore", visibleTo: everyone },
];

export const visibleTabs = (access: TabAccess) => platformTabs.filter((tab) => tab.visibleTo(access));
