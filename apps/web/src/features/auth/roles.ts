export const RealmRole = {
  user: "ROLE_USER",
  uploader: "ROLE_UPLOADER",
  reviewer: "ROLE_REVIEWER",
  admin: "ROLE_ADMIN",
} as const;

export type RealmRoleName = (typeof RealmRole)[keyof typeof RealmRole];

interface HasRoles {
  roles: readonly string[];
}

export const hasRole = (user: HasRoles | null | undefined, role: RealmRoleName): boolean =>
  user?.roles.includes(role) ?? false;

export const isUploader = (user: HasRoles | null | undefined) => hasRole(user, RealmRole.uploader);
export const isReviewer = (user: HasRoles | null | undefined) => hasRole(user, RealmRole.reviewer);
export const isAdmin = (user: HasRoles | null | undefined) => hasRole(user, RealmRole.admin);
