import { describe, expect, it } from "vitest";
import { firstCitedPage, openingPage } from "./document-reference";

describe("the page the document viewer opens at", () => {
  it("is the first page of the citation when the document has it", () => {
    expect(firstCitedPage("13-15")).toBe(13);
    expect(openingPage("13-15", 20)).toEqual({ page: 13, citedPageMissing: false });
    expect(openingPage(undefined, 3)).toEqual({ page: 1, citedPageMissing: false });
  });

  it("is page 1, said to be so, when the document is shorter than the citation", () => {
    expect(openingPage("32-33", 3)).toEqual({ page: 1, citedPageMissing: true });
    expect(openingPage("4", 3)).toEqual({ page: 1, citedPageMissing: true });
  });
});
