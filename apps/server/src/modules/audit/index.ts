import type { ServerModule } from "../../platform/module";

/**
 * The audit trail of privileged changes: an append-only table (the database refuses UPDATE, DELETE
 * and TRUNCATE on it) that every module writes to inside the transaction of its change. It sits
 * below every other module and imports none, so any module may record through it.
 */
export const auditModule: ServerModule = {
  name: "audit",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
};

// ---- What other modules ask of the trail ----------------------------------------------------------

// Recording a change, inside the caller's transaction.
// Reading it, for the admin console.
export { type AuditActor, type AuditChange, type AuditPage, readAuditTrail, recordAudit } from "./service";
export type { AuditFilter, AuditRow } from "./store";
