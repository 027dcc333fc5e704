/**
 * An LkSG dataset with long lists (production sites, most important products, identified risks), for
 * the browser journey and the benchmark of large framework views. Built from the generated complete
 * dataset, without data sources, so it can be uploaded without uploading reports first.
 */
import { generateCompleteDataset } from "../../packages/frameworks/src/index";

export const LARGE_LIST_FIELD = "general.productionSpecific.listOfProductionSites";

/** The name of production site `index` (0-based), as the dataset spells it. */
export const productionSiteName = (index: number) => `Production site ${String(index + 1).padStart(3, "0")}`;

const RISK_POSITIONS = ["ChildLabor", "ForcedLabor", "UnequalTreatmentOfEmployment", "Slavery"];

function withoutDataSources(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDataSources);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "dataSource")
      .map(([key, entry]) => [key, withoutDataSources(entry)]),
  );
}

export function largeLksgDataset(entries: number): Record<string, unknown> {
  const data = withoutDataSources(generateCompleteDataset("lksg", 7)) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;
  const general = data.general as Record<string, Record<string, unknown>>;
  const list = <T>(make: (index: number) => T) => Array.from({ length: entries }, (_, index) => make(index));
  Object.assign(general.productionSpecific as object, {
    productionSites: "Yes",
    numberOfProductionSites: entries,
    listOfProductionSites: list((index) => ({
      nameOfProductionSite: productionSiteName(index),
      addressOfProductionSite: {
        streetAndHouseNumber: `Werkstraße ${index + 1}`,
        postalCode: String(10_000 + index),
        city: index % 2 ? "Leipzig" : "Lyon",
        country: index % 2 ? "DE" : "FR",
      },
      listOfGoodsOrServices: [`Component ${index + 1}`],
    })),
  });
  Object.assign(general.productionSpecificOwnOperations as object, {
    mostImportantProducts: list((index) => ({
      name: `Product ${index + 1}`,
      productionSteps: ["Assembly", "Testing"],
      relatedCorporateSupplyChain: `Supplier group ${(index % 12) + 1}`,
    })),
  });
  Object.assign(
    (data.governance as Record<string, Record<string, unknown>>).riskManagementOwnOperations as object,
    {
      risksIdentified: "Yes",
      identifiedRisks: list((index) => ({
        riskPosition: RISK_POSITIONS[index % RISK_POSITIONS.length],
        measuresTaken: index % 3 ? "Yes" : "No",
        listedMeasures: `Measure ${index + 1}`,
      })),
    },
  );
  return data;
}
