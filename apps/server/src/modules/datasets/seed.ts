/**
 * Demo datasets: the demo company has every public framework for 2020 to 2025 and a private VSME
 * dataset; a dozen other demo companies have one framework each over the same periods. The EU taxonomy
 * versions of Delegated Regulation (EU) 2026/73 apply from 2024 on: the demo company and each company
 * with the older version of the framework have them for 2024 and 2025 too, with plausible figures.
 * Every dataset cites generated PDF reports stored in the documents module; the newest period of some
 * companies waits for review. Running it again adds nothing.
 */
import { createHash } from "node:crypto";
import { type FrameworkId, generateCompleteDataset } from "@openverde/frameworks";
import type { SignedInActor } from "../../platform/auth/actor";
import type { ModuleContext } from "../../platform/module";
import { simplePdf } from "../../platform/pdf";
import { demoCompanies } from "../companies";
import { type DocumentsSettings, documentsSettings, storeDocument } from "../documents";
import { findUserByUsername } from "../identity";
import { PUBLIC_FRAMEWORKS, referencedReports } from "./framework-data";
import { DEMO_COMPANY_ID } from "./neighbours";
import { withPlausibleFigures } from "./seed-figures";
import { searchDatasetMeta } from "./service";
import type { AnyExecutor, QaStatus } from "./store";
import { storeDatasetInTransaction } from "./upload";

const PERIODS = ["2020", "2021", "2022", "2023", "2024", "2025"];
const OTHER_COMPANIES = 12;

/** Newer versions of a framework, seeded beside it for the periods they apply to. */
const NEWER_VERSIONS: Partial<Record<FrameworkId, { frameworkId: FrameworkId; periods: string[] }>> = {
  "eutaxonomy-financials": { frameworkId: "eutaxonomy-financials-2026-73", periods: ["2024", "2025"] },
  "eutaxonomy-non-financials": {
    frameworkId: "eutaxonomy-non-financials-2026-73",
    periods: ["2024", "2025"],
  },
};
const NEWER: ReadonlySet<FrameworkId> = new Set(
  Object.values(NEWER_VERSIONS).map((version) => version.frameworkId),
);
const SEEDED_FOR_ALL_PERIODS = PUBLIC_FRAMEWORKS.filter((id) => !NEWER.has(id));

const seedActor = (userId: string): SignedInActor => ({
  kind: "user",
  userId,
  username: "demo-seed",
  email: undefined,
  name: undefined,
  roles: new Set(["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]),
  via: "token",
});

async function storeReports(
  db: AnyExecutor,
  settings: DocumentsSettings,
  actor: SignedInActor,
  frameworkId: FrameworkId,
  companyId: string,
  period: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let text = JSON.stringify(data);
  for (const report of referencedReports(frameworkId, data)) {
    const kind = report.name.startsWith("Sustainability") ? "Sustainability report" : "Annual report";
    const bytes = simplePdf([
      `${kind} ${period}`,
      `Company ${companyId}`,
      `Openverde demo document for the ${frameworkId} dataset.`,
    ]);
    const documentId = createHash("sha256").update(bytes).digest("hex");
    await storeDocument(
      db as never,
      actor,
      (async function* () {
        yield bytes;
      })(),
      {
        documentName: `${kind.replace(" ", "-")}-${period}-${frameworkId}.pdf`,
        documentCategory: kind.startsWith("Sustainability") ? "SustainabilityReport" : "AnnualReport",
        companyIds: [companyId],
        reportingPeriod: period,
        publicationDate: `${Number(period) + 1}-03-31`,
      } as never,
      settings,
    );
    text = text.replaceAll(report.fileReference, documentId);
  }
  return JSON.parse(text);
}

export async function seedDemoDatasets(context: ModuleContext): Promise<number> {
  const { db } = context.database;
  const settings = documentsSettings(context);
  const uploader = await findUserByUsername(db, "data_uploader");
  const owner = await findUserByUsername(db, "company_owner");
  const admin = await findUserByUsername(db, "data_admin");
  const uploaderId = uploader?.userId ?? null;
  const actor = seedActor(admin?.userId ?? "00000000-0000-4000-8000-000000000000");
  const others = demoCompanies()
    .map((company) => company.companyId)
    .filter((id) => id !== DEMO_COMPANY_ID)
    .slice(0, OTHER_COMPANIES);
  const plan: { companyId: string; frameworkId: FrameworkId; period: string; qaStatus: QaStatus }[] = [];
  const planWithNewerVersion = (companyId: string, frameworkId: FrameworkId, qaStatus: QaStatus) => {
    const newer = NEWER_VERSIONS[frameworkId];
    for (const period of newer?.periods ?? [])
      plan.push({ companyId, frameworkId: newer?.frameworkId as FrameworkId, period, qaStatus });
  };
  for (const frameworkId of SEEDED_FOR_ALL_PERIODS) {
    for (const period of PERIODS)
      plan.push({ companyId: DEMO_COMPANY_ID, frameworkId, period, qaStatus: "Accepted" });
    planWithNewerVersion(DEMO_COMPANY_ID, frameworkId, "Accepted");
  }
  others.forEach((companyId, index) => {
    const frameworkId = SEEDED_FOR_ALL_PERIODS[index % SEEDED_FOR_ALL_PERIODS.length] as FrameworkId;
    for (const period of PERIODS)
      plan.push({
        companyId,
        frameworkId,
        period,
        qaStatus: period === "2025" && index % 3 === 0 ? "Pending" : "Accepted",
      });
    planWithNewerVersion(companyId, frameworkId, "Accepted");
  });
  plan.push({ companyId: DEMO_COMPANY_ID, frameworkId: "vsme", period: "2024", qaStatus: "Accepted" });

  let added = 0;
  for (const [index, entry] of plan.entries()) {
    const existing = await searchDatasetMeta(db, {
      companyId: entry.companyId,
      dataType: entry.frameworkId,
      reportingPeriod: entry.period,
    });
    if (existing.length > 0) continue;
    const sample = generateCompleteDataset(entry.frameworkId, 1000 + index);
    const generated = NEWER.has(entry.frameworkId)
      ? withPlausibleFigures(entry.frameworkId, sample, entry.period, 1000 + index)
      : sample;
    const data = await storeReports(
      db,
      settings,
      actor,
      entry.frameworkId,
      entry.companyId,
      entry.period,
      generated,
    );
    const uploaderUserId = entry.frameworkId === "vsme" ? (owner?.userId ?? uploaderId) : uploaderId;
    await db.transaction().execute((trx) =>
      storeDatasetInTransaction(trx, {
        frameworkId: entry.frameworkId,
        companyId: entry.companyId,
        reportingPeriod: entry.period,
        data,
        uploaderUserId,
        qaStatus: entry.qaStatus,
      }),
    );
    added++;
  }
  return added;
}
