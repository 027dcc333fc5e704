import { describe, expect, it } from "vitest";
import { apiFilters, inclusionRequestMail, readSearch, writeSearch } from "./search-params";

describe("company search in the address bar", () => {
  it("reads query, filters and page, ignoring unknown frameworks", () => {
    const search = readSearch(
      new URLSearchParams(
        "q=energie&framework=sfdr&framework=nope&country=DE&country=DE&sector=Energy&page=3",
      ),
    );
    expect(search).toEqual({
      query: "energie",
      frameworks: ["sfdr"],
      countries: ["DE"],
      sectors: ["Energy"],
      page: 2,
      pageSize: 20,
    });
  });

  it("writes back what it reads, leaving defaults out", () => {
    const params = "q=energie&framework=sfdr&framework=lksg&country=DE&page=2&size=50";
    expect(writeSearch(readSearch(new URLSearchParams(params))).toString()).toBe(params);
    expect(writeSearch(readSearch(new URLSearchParams("page=1&size=20"))).toString()).toBe("");
  });

  it("falls back to the first page and the default size on nonsense", () => {
    const search = readSearch(new URLSearchParams("page=-4&size=7"));
    expect(search.page).toBe(0);
    expect(search.pageSize).toBe(20);
  });

  it("sends a search string only from three characters on", () => {
    const base = readSearch(new URLSearchParams());
    expect(apiFilters({ ...base, query: " ab " })).toEqual({});
    expect(apiFilters({ ...base, query: " abc ", countries: ["FR"] })).toEqual({
      searchString: "abc",
      countryCodes: ["FR"],
    });
  });

  it("pre-fills the inclusion request with the searched name", () => {
    const mail = inclusionRequestMail("contact@example.org", "Acme & Co");
    expect(mail.startsWith("mailto:contact@example.org?subject=")).toBe(true);
    expect(decodeURIComponent(mail)).toContain("Company name: Acme & Co");
  });
});
