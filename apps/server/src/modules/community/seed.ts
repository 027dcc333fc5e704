import type { ModuleContext } from "../../platform/module";
import { DEMO_COMPANY_ID } from "../companies";
import { findUserByUsername, isCompany } from "./lookups";
import { inTransaction, selectRoleOf, upsertRole } from "./store";

/** company_owner owns the demo company (the requests module adds demo requests for it). Safe to run again. */
export async function seedDemoCommunity(context: ModuleContext): Promise<void> {
  const { db } = context.database;
  const owner = await findUserByUsername(db, "company_owner");
  if (!owner || !(await isCompany(db, DEMO_COMPANY_ID))) {
    context.log.warn("the demo user company_owner or the demo company is missing; no demo owner added");
    return;
  }
  await inTransaction(db, async (trx) => {
    if (!(await selectRoleOf(trx, DEMO_COMPANY_ID, owner.userId)))
      await upsertRole(trx, {
        companyId: DEMO_COMPANY_ID,
        userId: owner.userId,
        role: "CompanyOwner",
        assignedByUserId: null,
      });
  });
}
