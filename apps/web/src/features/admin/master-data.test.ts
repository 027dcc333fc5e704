import { describe, expect, it } from "vitest";
import { toCompanyInformation } from "../companies/company-form";
import { draftOfCompany, withDraft } from "./master-data";

describe("the master data form's model", () => {
  const stored = {
    companyName: "Nordwind Energie AG",
    headquarters: "Hamburg",
    countryCode: "DE",
    identifiers: { Lei: ["529900NORDWIND00042"], Isin: ["DE000NRDW001"] },
    companyAlternativeNames: ["Nordwind"],
    companyLegalForm: "AG",
    sector: "Utilities",
    companyContactDetails: ["ir@nordwind.example"],
    fiscalYearEnd: "2024-12-31",
  };

  it("shows every stored identifier as a row and lists as commas", () => {
    const draft = draftOfCompany(stored);
    expect(draft.identifiers).toEqual([
      { type: "Lei", value: "529900NORDWIND00042" },
      { type: "Isin", value: "DE000NRDW001" },
    ]);
    expect(draft.alternativeNames).toBe("Nordwind");
    expect(draft.website).toBe("");
  });

  it("keeps the fields the form does not show and clears the ones emptied", () => {
    const draft = { ...draftOfCompany(stored), legalForm: "", headquarters: "Bremen" };
    const saved = withDraft(stored, toCompanyInformation(draft));
    expect(saved.companyContactDetails).toEqual(["ir@nordwind.example"]);
    expect(saved.fiscalYearEnd).toBe("2024-12-31");
    expect(saved.headquarters).toBe("Bremen");
    expect(saved).not.toHaveProperty("companyLegalForm");
    expect(saved.identifiers).toEqual(stored.identifiers);
  });
});
