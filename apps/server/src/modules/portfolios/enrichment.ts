/**
 * A portfolio enriched with what data exists for its companies: per company its name, sector, country
 * and page, and per framework with data the asking user may see, the link to it and its periods.
 */
import { frameworkIds } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { availableDimensions, getBasicCompanyInformation } from "./neighbours";
import { readPortfolio, toBasePortfolio } from "./service";
import type { AnyExecutor, NotificationFrequency, TimeWindowThreshold } from "./store";

export interface EnrichedPortfolioEntry {
  companyId: string;
  companyName: string;
  sector?: string;
  countryCode: string;
  companyCockpitRef: string;
  frameworkHyphenatedNamesToDataRef: Record<string, string>;
  availableReportingPeriods: Record<string, string>;
}

export interface EnrichedPortfolio {
  portfolioId: string;
  portfolioName: string;
  userId: string;
  entries: EnrichedPortfolioEntry[];
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold?: TimeWindowThreshold;
  sharedUserIds: string[];
}

/**
 * The portfolio with, per company, its name, sector and country, the link to its page, and per
 * framework with data the actor may see: the link to that data and the reporting periods there are.
 */
export async function enrichedPortfolio(
  db: AnyExecutor,
  actor: Actor,
  publicUrl: string,
  portfolioId: string,
): Promise<EnrichedPortfolio> {
  const row = await readPortfolio(db, actor, portfolioId);
  const base = publicUrl.replace(/\/$/, "");
  const basics = new Map(
    (await getBasicCompanyInformation(db, row.companyIds)).map((basic) => [basic.companyId, basic]),
  );
  const dimensions =
    row.companyIds.length > 0
      ? await availableDimensions(db, actor, {
          companyIds: row.companyIds,
          frameworksOrDataPointTypes: [...frameworkIds],
        })
      : [];
  const periods = new Map<string, Map<string, Set<string>>>();
  for (const dimension of dimensions) {
    const perCompany = periods.get(dimension.companyId) ?? new Map<string, Set<string>>();
    const set = perCompany.get(dimension.dataType) ?? new Set<string>();
    set.add(dimension.reportingPeriod);
    perCompany.set(dimension.dataType, set);
    periods.set(dimension.companyId, perCompany);
  }
  const entries: EnrichedPortfolioEntry[] = [];
  for (const companyId of row.companyIds) {
    const basic = basics.get(companyId);
    if (!basic) continue;
    const refs: Record<string, string> = {};
    const available: Record<string, string> = {};
    const perCompany = periods.get(companyId) ?? new Map<string, Set<string>>();
    for (const framework of [...perCompany.keys()].sort()) {
      refs[framework] = `${base}/companies/${companyId}/frameworks/${framework}`;
      available[framework] = [...(perCompany.get(framework) ?? [])].sort().reverse().join(", ");
    }
    entries.push({
      companyId,
      companyName: basic.companyName,
      ...(basic.sector ? { sector: basic.sector } : {}),
      countryCode: basic.countryCode,
      companyCockpitRef: `${base}/companies/${companyId}`,
      frameworkHyphenatedNamesToDataRef: refs,
      availableReportingPeriods: available,
    });
  }
  const wire = toBasePortfolio(row);
  return {
    portfolioId: wire.portfolioId,
    portfolioName: wire.portfolioName,
    userId: wire.userId,
    entries,
    isMonitored: wire.isMonitored,
    monitoredFrameworks: wire.monitoredFrameworks,
    notificationFrequency: wire.notificationFrequency,
    ...(wire.timeWindowThreshold ? { timeWindowThreshold: wire.timeWindowThreshold } : {}),
    sharedUserIds: wire.sharedUserIds,
  };
}
