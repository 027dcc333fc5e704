/**
 * Demo datasets: the demo company has every public framework for 2020 to 2025 and a private VSME
 * dataset; a dozen other demo companies have one framework each over the same periods. The EU taxonomy
 * versions of Delegated Regulation (EU) 2026/73 apply from 2024 on: the demo company and each company
 * with the older version of the framework have them for 2024 and 2025 too, with plausible figures.
 * Every dataset cites generated PDF reports stored in the documents module; the newest period of some
 * companies waits for review. Running it again adds nothing.
 */
import { type FrameworkId, generateCompleteDataset } from "@openverde/frameworks";
import type { SignedInActor } from "../../platform/auth/actor";
import type { ModuleContext } from "../../platform/module";
import { DEMO_PROXIED_COMPANY_INDEX, demoCompanies } from "../companies";
import { type DocumentsSettings, documentsSettings, storeDocument } from "../documents";
import { findUserByUsername } from "../identity";
import { PUBLIC_FRAMEWORKS } from "./framework-data";
import { DEMO_COMPANY_ID } from "./neighbours";
import { withPlausibleFigures } from "./seed-figures";
import { withPlausibleImpactFigures } from "./seed-impact-figures";
import {
  type DemoReport,
  DemoReports,
  demoDataset,
  fiscalYearOf,
  sampleSeed,
  withDocumentIds,
} from "./seed-realism";
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

/** Whether a company of the sector reports the framework: financial undertakings and the rest apart. */
export function fitsSector(frameworkId: FrameworkId, sector: string | null | undefined): boolean {
  const financial = sector === "Financials";
  switch (frameworkId) {
    case "eutaxonomy-financials":
    case "pcaf":
      return financial;
    case "eutaxonomy-non-financials":
    case "lksg":
      return !financial;
    case "nuclear-and-gas":
      return sector === "Energy" || sector === "Utilities";
    default:
      return true;
  }
}

interface PlanEntry {
  companyId: string;
  frameworkId: FrameworkId;
  period: string;
  qaStatus: QaStatus;
}

const seedActor = (userId: string): SignedInActor => ({
  kind: "user",
  userId,
  username: "demo-seed",
  email: undefined,
  name: undefined,
  roles: new Set(["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]),
  via: "token",
});

/** Stores the demo reports of one company and year, once per run (the same bytes keep their id). */
async function storeReports(
  db: AnyExecutor,
  settings: DocumentsSettings,
  actor: SignedInActor,
  companyId: string,
  period: string,
  reports: DemoReport[],
): Promise<void> {
  for (const report of reports) {
    await storeDocument(
      db as never,
      actor,
      (async function* () {
        yield report.bytes;
      })(),
      {
        documentName: report.name,
        documentCategory: report.kind === "sustainability" ? "SustainabilityReport" : "AnnualReport",
        companyIds: [companyId],
        reportingPeriod: period,
        publicationDate: report.publicationDate,
      } as never,
      settings,
    );
  }
}

export async function seedDemoDatasets(context: ModuleContext): Promise<number> {
  const { db } = context.database;
  const settings = documentsSettings(context);
  const uploader = await findUserByUsername(db, "data_uploader");
  const owner = await findUserByUsername(db, "company_owner");
  const admin = await findUserByUsername(db, "data_admin");
  const uploaderId = uploader?.userId ?? null;
  const actor = seedActor(admin?.userId ?? "00000000-0000-4000-8000-000000000000");
  const proxied = demoCompanies()[DEMO_PROXIED_COMPANY_INDEX]?.companyId;
  const candidates = demoCompanies().filter(
    (company) => company.companyId !== DEMO_COMPANY_ID && company.companyId !== proxied,
  );
  // The first demo companies keep the framework of the rotation where it fits their sector; the others
  // then get the least used framework that fits (a bank reports the Taxonomy for financials).
  const chosen = candidates.slice(0, OTHER_COMPANIES).map((company, index) => {
    const preferred = SEEDED_FOR_ALL_PERIODS[index % SEEDED_FOR_ALL_PERIODS.length] as FrameworkId;
    return {
      company,
      frameworkId: fitsSector(preferred, company.information.sector) ? preferred : undefined,
    };
  });
  const uses = (id: FrameworkId) => chosen.filter((entry) => entry.frameworkId === id).length;
  for (const entry of chosen) {
    if (entry.frameworkId) continue;
    const fitting = SEEDED_FOR_ALL_PERIODS.filter((id) => fitsSector(id, entry.company.information.sector));
    entry.frameworkId = [...fitting].sort((a, b) => uses(a) - uses(b))[0] ?? "sfdr";
  }
  const others = chosen.map((entry) => ({
    companyId: entry.company.companyId,
    frameworkId: entry.frameworkId as FrameworkId,
  }));
  const plan: PlanEntry[] = [];
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
  others.forEach(({ companyId, frameworkId }, index) => {
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

  const companies = new Map(demoCompanies().map((company) => [company.companyId, company.information]));
  const years = new Map<string, PlanEntry[]>();
  for (const entry of plan) {
    const key = `${entry.companyId}/${entry.period}`;
    years.set(key, [...(years.get(key) ?? []), entry]);
  }
  let added = 0;
  for (const entries of years.values()) {
    const missing: PlanEntry[] = [];
    for (const entry of entries) {
      const existing = await searchDatasetMeta(db, {
        companyId: entry.companyId,
        dataType: entry.frameworkId,
        reportingPeriod: entry.period,
      });
      if (existing.length === 0) missing.push(entry);
    }
    const first = entries[0];
    if (missing.length === 0 || !first) continue;
    const company = companies.get(first.companyId);
    // Every dataset of the company's year cites the same two reports, so they are made together.
    const reports = new DemoReports(
      company?.companyName ?? "Demo company",
      first.period,
      fiscalYearOf(first.period, company?.fiscalYearEnd),
    );
    const drafts = entries.map((entry) => {
      const seed = sampleSeed(entry.companyId, entry.frameworkId);
      const sample = generateCompleteDataset(entry.frameworkId, seed);
      const plausible = entry.frameworkId.startsWith("eutaxonomy")
        ? withPlausibleFigures(entry.frameworkId, sample, entry.period, seed)
        : withPlausibleImpactFigures(entry.frameworkId, sample, entry.companyId, company?.sector);
      return { entry, data: demoDataset(plausible, { ...entry, reports }) };
    });
    const written = reports.write();
    await storeReports(db, settings, actor, first.companyId, first.period, written);
    for (const { entry, data } of drafts) {
      if (!missing.includes(entry)) continue;
      const uploaderUserId = entry.frameworkId === "vsme" ? (owner?.userId ?? uploaderId) : uploaderId;
      await db.transaction().execute((trx) =>
        storeDatasetInTransaction(trx, {
          frameworkId: entry.frameworkId,
          companyId: entry.companyId,
          reportingPeriod: entry.period,
          data: withDocumentIds(data, reports, written),
          uploaderUserId,
          qaStatus: entry.qaStatus,
        }),
      );
      added++;
    }
  }
  return added;
}
