import { frameworkIds } from "@openverde/frameworks";
import type { ModuleContext } from "../../platform/module";
import { createDataRequest } from "./creating";
import {
  activeDataIdFor,
  companyExists,
  DEMO_COMPANY_ID,
  findUserByUsername,
  isPrivateFramework,
} from "./neighbours";
import { getDataRequest } from "./records";

/** Fixed ids of the demo requests, so seeding again finds them instead of adding more. */
export const DEMO_REQUEST_IDS = {
  open: "c0000000-0000-4000-8000-000000000101",
  answered: "c0000000-0000-4000-8000-000000000102",
  privateAccess: "c0000000-0000-4000-8000-000000000103",
} as const;

/** Every framework of the catalogue whose data is public, in the catalogue's order. */
const PUBLIC_FRAMEWORKS = frameworkIds.filter((id) => !isPrivateFramework(id));
const PERIODS = ["2025", "2024", "2023", "2022", "2021", "2020"];

interface Dimension {
  dataType: string;
  reportingPeriod: string;
  dataId: string | undefined;
}

async function dimensions(context: ModuleContext, dataTypes: readonly string[]): Promise<Dimension[]> {
  const { db } = context.database;
  const found: Dimension[] = [];
  for (const dataType of dataTypes)
    for (const reportingPeriod of PERIODS)
      found.push({
        dataType,
        reportingPeriod,
        dataId: await activeDataIdFor(db, { companyId: DEMO_COMPANY_ID, dataType, reportingPeriod }),
      });
  return found;
}

/**
 * data_reader has three requests for the demo company: one open (data that is not there), one
 * answered (public data that is there) and one for the company's private VSME data, waiting for its
 * owner (the community module's demo) to grant access. Safe to run again.
 */
export async function seedDemoRequests(context: ModuleContext): Promise<void> {
  const { db } = context.database;
  const reader = await findUserByUsername(db, "data_reader");
  if (!reader || !(await companyExists(db, DEMO_COMPANY_ID))) {
    context.log.warn("the demo user data_reader or the demo company is missing; no demo requests added");
    return;
  }
  const publicDimensions = await dimensions(context, PUBLIC_FRAMEWORKS);
  const base = { userId: reader.userId, companyId: DEMO_COMPANY_ID, notifyMeImmediately: false };

  if (!(await getDataRequest(db, DEMO_REQUEST_IDS.open))) {
    const missing = publicDimensions.find((dimension) => !dimension.dataId) ?? {
      dataType: "lksg",
      reportingPeriod: "2025",
    };
    await createDataRequest(db, {
      ...base,
      id: DEMO_REQUEST_IDS.open,
      dataType: missing.dataType,
      reportingPeriod: missing.reportingPeriod,
      contacts: ["sustainability@verdana-energie.example"],
      message: "We would like to see your data for this year on Openverde.",
    });
  }

  if (!(await getDataRequest(db, DEMO_REQUEST_IDS.answered))) {
    const available = publicDimensions.find((dimension) => dimension.dataId) ?? {
      dataType: "sfdr",
      reportingPeriod: "2019",
      dataId: undefined,
    };
    await createDataRequest(db, {
      ...base,
      id: DEMO_REQUEST_IDS.answered,
      dataType: available.dataType,
      reportingPeriod: available.reportingPeriod,
      initialState: "Answered",
      answeringDataId: available.dataId ?? null,
    });
  }

  if (!(await getDataRequest(db, DEMO_REQUEST_IDS.privateAccess))) {
    const vsme = (await dimensions(context, ["vsme"])).find((dimension) => dimension.dataId) ?? {
      dataType: "vsme",
      reportingPeriod: "2024",
    };
    await createDataRequest(db, {
      ...base,
      id: DEMO_REQUEST_IDS.privateAccess,
      dataType: "vsme",
      reportingPeriod: vsme.reportingPeriod,
    });
  }
}
