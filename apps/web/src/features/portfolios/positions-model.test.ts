import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error";
import {
  CURRENCIES,
  checkDrafts,
  type DraftPosition,
  draftsOf,
  emptyDraft,
  parseAmount,
  problemsFromAnswer,
  templateCsv,
} from "./positions-model";

const draft = (change: Partial<DraftPosition>): DraftPosition => ({
  ...emptyDraft("c1"),
  amount: "100",
  ...change,
});

describe("positions editor rules", () => {
  it("reads amounts as people write them and refuses what is not a number", () => {
    expect(parseAmount("1500000")).toBe(1500000);
    expect(parseAmount("1,500,000.50")).toBe(1500000.5);
    expect(parseAmount(" 1 500 000 ")).toBe(1500000);
    expect(parseAmount("1\u202f500\u00a0000")).toBe(1500000);
    expect(parseAmount("0.5")).toBe(0.5);
    expect(parseAmount("")).toBeUndefined();
    expect(parseAmount("1,5")).toBeUndefined();
    expect(parseAmount("1.500.000")).toBeUndefined();
    expect(parseAmount("12 EUR")).toBeUndefined();
    expect(parseAmount("-5")).toBeUndefined();
  });

  it("sends the rows when all are right", () => {
    const checked = checkDrafts([
      draft({ amount: "1,000", currency: "USD" }),
      draft({ assetClass: "BusinessLoansAndUnlistedEquity" }),
    ]);
    expect(checked.problems).toEqual({});
    expect(checked.positions).toEqual([
      { companyId: "c1", amount: 1000, currency: "USD", assetClass: "ListedEquityAndCorporateBonds" },
      { companyId: "c1", amount: 100, currency: "EUR", assetClass: "BusinessLoansAndUnlistedEquity" },
    ]);
  });

  it("marks every wrong row and sends nothing", () => {
    const checked = checkDrafts([
      draft({}),
      draft({ amount: "" }),
      draft({ companyId: "c2", amount: "0" }),
      draft({ companyId: "c3", amount: "ten" }),
      draft({ companyId: "", currency: "EURO" }),
    ]);
    expect(checked.positions).toEqual([]);
    expect(checked.problems).toEqual({
      1: {
        amount: "Enter the amount, or remove the row.",
        assetClass: "Row 1 has this company and asset class already.",
      },
      2: { amount: "The amount must be greater than 0." },
      3: { amount: "Write the amount as a number, e.g. 1500000." },
      4: { companyId: "Choose a company.", currency: "Choose a currency." },
    });
  });

  it("maps the server's 400 back to rows and fields", () => {
    const error = new ApiError(400, "x", [
      {
        errorType: "bad",
        summary: "positions[3].currency",
        message: "Unknown currency 'XXX'.",
        httpStatus: 400,
      },
      {
        errorType: "bad",
        summary: "positions[0]",
        message: "The company is not in the portfolio.",
        httpStatus: 400,
      },
      {
        errorType: "bad",
        summary: "Invalid positions.2.amount",
        message: "Must be a number.",
        httpStatus: 400,
      },
      { errorType: "bad", summary: "body", message: "Something else.", httpStatus: 400 },
    ]);
    expect(problemsFromAnswer(error)).toEqual({
      problems: {
        3: { currency: "Unknown currency 'XXX'." },
        0: { companyId: "The company is not in the portfolio." },
        2: { amount: "Must be a number." },
      },
      other: ["Something else."],
    });
    expect(problemsFromAnswer(new ApiError(500, "Server down")).other).toEqual(["Server down"]);
  });

  it("turns stored positions into rows and offers common currencies first", () => {
    const rows = draftsOf([
      {
        companyId: "c1",
        companyName: "A",
        amount: 2.5,
        currency: "GBP",
        assetClass: "ListedEquityAndCorporateBonds",
      },
    ]);
    expect(rows.map(({ key: _key, ...rest }) => rest)).toEqual([
      { companyId: "c1", assetClass: "ListedEquityAndCorporateBonds", amount: "2.5", currency: "GBP" },
    ]);
    expect(CURRENCIES.slice(0, 3)).toEqual(["EUR", "USD", "GBP"]);
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
  });

  it("writes a template with the import's header and a row per company", () => {
    const text = templateCsv([{ companyId: "id-1", companyName: "=Evil AG" }]);
    expect(text).toBe(
      "\ufeffidentifier,companyName,amount,currency,assetClass\r\nid-1,'=Evil AG,,EUR,Listed equity and corporate bonds\r\n",
    );
  });
});
