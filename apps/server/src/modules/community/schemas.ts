import { type Static, type TSchema, Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { uuidString } from "../../platform/ids";
import { COMPANY_RIGHTS, COMPANY_ROLES, type CompanyRight, type CompanyRole } from "./model";

/** A string enum written as `enum` (as the reference does), typed as its union. */
function stringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

const ID_EXAMPLE = "c9710c7b-9cd6-446b-85b0-3773d2aceb48";
const COMPANY_ID = "The id under which Openverde keeps the company.";
const USER_ID = "The id of the user.";

/** An id in a query or body (400 naming the field when it is no id; platform/ids). */
const companyIdField = () => uuidString({ description: COMPANY_ID, example: ID_EXAMPLE });
const userIdField = () => uuidString({ description: USER_ID, example: ID_EXAMPLE });
/** An id in a path: a plain string, which the service answers 404 when it is no id (platform/ids). */
const companyIdInPath = () => Type.String({ description: COMPANY_ID, example: ID_EXAMPLE });
const userIdInPath = () => Type.String({ description: USER_ID, example: ID_EXAMPLE });

// ---------------------------------------------------------------------------------------------------
// Named enums

export const CompanyRoleSchema = stringEnum<CompanyRole>(COMPANY_ROLES, { $id: "CompanyRole" });

const RoleRef = Type.Unsafe<CompanyRole>(Type.Ref("CompanyRole"));

// ---------------------------------------------------------------------------------------------------
// Company roles and users

export const CompanyRoleAssignment = Type.Object(
  {
    companyRole: RoleRef,
    companyId: companyIdField(),
    userId: userIdField(),
  },
  { $id: "CompanyRoleAssignment" },
);

export const CompanyRoleAssignmentExtended = Type.Object(
  {
    companyRole: RoleRef,
    companyId: companyIdField(),
    userId: userIdField(),
    email: Type.String({ description: "The user's e-mail address.", example: "jane.doe@example.com" }),
    firstName: Type.Optional(Type.String({ description: "The user's first name.", example: "Jane" })),
    lastName: Type.Optional(Type.String({ description: "The user's last name.", example: "Doe" })),
  },
  { $id: "CompanyRoleAssignmentExtended" },
);

export const KeycloakUserInfo = Type.Object(
  {
    email: Type.Optional(
      Type.String({ description: "The user's e-mail address.", example: "jane.doe@example.com" }),
    ),
    id: Type.String({ description: "The user's id.", example: "1e63a842-1e65-43ed-b78a-5e7cec155c28" }),
    firstName: Type.Optional(Type.String({ description: "The user's first name.", example: "Jane" })),
    lastName: Type.Optional(Type.String({ description: "The user's last name.", example: "Doe" })),
  },
  { $id: "KeycloakUserInfo" },
);

export const EmailAddress = Type.Object(
  {
    email: Type.String({
      description: "The e-mail address to look up.",
      example: "jane.doe@example.com",
      maxLength: TEXT_LIMITS.email,
    }),
  },
  { $id: "EmailAddress" },
);

export const RoleAssignmentParams = Type.Object({
  role: RoleRef,
  companyId: companyIdInPath(),
  userId: userIdInPath(),
});
export type RoleAssignmentParams = Static<typeof RoleAssignmentParams>;

export const RoleAssignmentQuery = Type.Object({
  role: Type.Optional(RoleRef),
  companyId: Type.Optional(companyIdField()),
  userId: Type.Optional(userIdField()),
});

export const CompanyIdParams = Type.Object({ companyId: companyIdInPath() });

export const CompanyOwnershipAnswer = Type.Object({
  companyId: Type.String({ format: "uuid" }),
  hasOwner: Type.Boolean({ description: "Whether at least one user owns the company." }),
});

export const OwnershipQuery = Type.Object({
  comment: Type.Optional(
    Type.String({ maxLength: 2000, description: "Why the user should own the company; read by the admins." }),
  ),
});

// ---------------------------------------------------------------------------------------------------
// Ownership claims as admins decide them (Openverde's own)

const CLAIM_STATUSES = ["Pending", "Approved", "Declined"] as const;

export const OwnershipClaim = Type.Object(
  {
    claimId: Type.String({ format: "uuid", description: "The claim's id." }),
    companyId: Type.String({ format: "uuid", description: COMPANY_ID }),
    companyName: Type.String({ description: "The company's name." }),
    userId: Type.String({ format: "uuid", description: "Who claims to own the company." }),
    username: Type.String({ description: "Their username." }),
    name: Type.String({ description: "Their name; may be empty." }),
    email: Type.String({ description: "Their e-mail address." }),
    comment: Type.Union([Type.String(), Type.Null()], {
      description: "Why they should own it, in their words.",
    }),
    claimedAt: Type.String({ format: "date-time", description: "When the claim was made." }),
    status: stringEnum(CLAIM_STATUSES, {
      description: "Pending until an admin approves it (the user becomes a CompanyOwner) or declines it.",
    }),
    decidedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "When it was decided; null while pending.",
    }),
  },
  { $id: "OwnershipClaim" },
);

export const OwnershipClaimQuery = Type.Object({
  status: Type.Optional(
    stringEnum(CLAIM_STATUSES, { description: "Which claims: Pending (the default), Approved or Declined." }),
  ),
  companyId: Type.Optional(companyIdField()),
});

export const ClaimIdParams = Type.Object({
  claimId: Type.String({ description: "The claim's id.", example: ID_EXAMPLE }),
});

// ---------------------------------------------------------------------------------------------------
// Company rights and inherited roles

const COMPANY_RIGHT = "A right an admin gives a company: Member (its users become members) or Provider.";

/** The reference writes the right inline, not as a named component. */
const companyRight = () => stringEnum<CompanyRight>(COMPANY_RIGHTS, { description: COMPANY_RIGHT });

export const CompanyRightAssignmentString = Type.Object(
  { companyId: companyIdField(), companyRight: companyRight() },
  { $id: "CompanyRightAssignmentString" },
);
export type CompanyRightAssignmentString = Static<typeof CompanyRightAssignmentString>;

export const CompanyRights = Type.Array(companyRight(), { description: "The rights the company holds." });

export const InheritedRoles = Type.Record(Type.String(), Type.Array(Type.String()), {
  description:
    "From the id of each company where the user holds a role to the roles the user inherits there (DatalandMember where the company is a member).",
  example: { [ID_EXAMPLE]: ["DatalandMember"] },
});

export const UserIdParams = Type.Object({ userId: userIdInPath() });

/** Every named component, in an order where each one comes after what it refers to. */
export const COMPONENTS: TSchema[] = [
  CompanyRoleSchema,
  CompanyRoleAssignment,
  CompanyRoleAssignmentExtended,
  KeycloakUserInfo,
  EmailAddress,
  CompanyRightAssignmentString,
  OwnershipClaim,
];
