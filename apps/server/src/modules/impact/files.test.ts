import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { checkAgainstPortfolio, columnsOf, readPositionLines } from "./positions-file";
import { type CurrencyRate, rateFor, readRateRows } from "./rates";
import { amountOf, csvTable, isoDate, xlsxTable } from "./tabular";

describe("reading uploaded tables", () => {
  it("reads CSV with either separator, quotes, CRLF and a byte order mark", () => {
    expect(csvTable('\uFEFFa;b\r\n"x;1";"say ""hi"""\r\n')).toEqual([
      ["a", "b"],
      ["x;1", 'say "hi"'],
    ]);
    expect(csvTable("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads the first sheet of a workbook, numbers and dates as text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("First");
    sheet.addRow(["identifier", "amount"]);
    sheet.addRow(["X", 1500.5, new Date("2024-12-31T00:00:00Z")]);
    workbook.addWorksheet("Second").addRow(["ignored"]);
    expect(await xlsxTable(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual([
      ["identifier", "amount"],
      ["X", "1500.5", "2024-12-31"],
    ]);
  });

  it("reads amounts as people write them and refuses what is ambiguous", () => {
    expect(amountOf("1500000")).toBe(1_500_000);
    expect(amountOf("1,500,000.50")).toBe(1_500_000.5);
    expect(amountOf("1 500 000")).toBe(1_500_000);
    expect(amountOf("-5")).toBe(-5);
    expect(amountOf("1,5")).toBeUndefined();
    expect(amountOf("12,34,567")).toBeUndefined();
    expect(amountOf("abc")).toBeUndefined();
  });

  it("takes only real ISO dates", () => {
    expect(isoDate("2024-02-29")).toBe("2024-02-29");
    expect(isoDate("2023-02-29")).toBeUndefined();
    expect(isoDate("31.12.2024")).toBeUndefined();
  });
});

describe("positions files", () => {
  it("finds the columns by any of their names, in any order", () => {
    expect(columnsOf(["Asset class", "Currency", "Amount", "LEI"])).toEqual({
      identifier: 3,
      amount: 2,
      currency: 1,
      assetClass: 0,
    });
    expect(columnsOf(["name", "amount"])).toEqual({ missing: ["identifier", "currency", "assetClass"] });
  });

  it("checks each row on its own, then against the portfolio and the other rows", () => {
    const columns = { identifier: 0, amount: 1, currency: 2, assetClass: 3 };
    const read = readPositionLines(
      [
        ["A", "100", "eur", "business loans and unlisted equity"],
        ["", "", "", ""],
        ["B", "0", "EUR", "ListedEquityAndCorporateBonds"],
      ],
      columns,
    );
    expect(read.lines).toEqual([
      { row: 2, identifier: "A", amount: 100, currency: "EUR", assetClass: "BusinessLoansAndUnlistedEquity" },
    ]);
    expect(read.errors).toEqual([
      { row: 4, identifier: "B", column: "amount", message: "Amount '0' is not a number greater than 0." },
    ]);
    const line = read.lines[0] as (typeof read.lines)[number];
    const checked = checkAgainstPortfolio(
      [
        { ...line, companyId: "a" },
        { ...line, row: 5, companyId: "a" },
        { ...line, row: 6, companyId: "z" },
        { ...line, row: 7, companyId: null },
      ],
      new Set(["a"]),
    );
    expect(checked.resolved.map((entry) => entry.row)).toEqual([2]);
    expect(checked.errors.map((error) => [error.row, error.message])).toEqual([
      [5, "Duplicate of row 2 (same company and asset class)."],
      [6, "The company is not in the portfolio; add it to the portfolio first."],
      [7, "No company has this identifier."],
    ]);
  });
});

describe("currency rates", () => {
  const rates: CurrencyRate[] = [
    { currency: "USD", rateToEur: 0.9, date: "2023-12-31" },
    { currency: "USD", rateToEur: 0.95, date: "2024-06-30" },
    { currency: "USD", rateToEur: 0.8, date: "2025-03-31" },
  ];

  it("takes the newest rate on or before the day, else the oldest after it; EUR is 1", () => {
    expect(rateFor(rates, "USD", "2024-12-31")?.rateToEur).toBe(0.95);
    expect(rateFor(rates, "USD", "2023-12-31")?.rateToEur).toBe(0.9);
    expect(rateFor(rates, "USD", "2022-12-31")?.rateToEur).toBe(0.9);
    expect(rateFor(rates, "GBP", "2024-12-31")).toBeUndefined();
    expect(rateFor(rates, "EUR", "2024-12-31")).toEqual({
      currency: "EUR",
      rateToEur: 1,
      date: "2024-12-31",
    });
  });

  it("reads a rates table, reporting every wrong line", () => {
    const read = readRateRows([
      ["Date", "Currency", "rate_to_eur"],
      ["2024-12-31", "usd", "0.9"],
      ["2024-12-31", "EUR", "1"],
      ["2024-13-01", "USD", "x"],
      ["2024-12-31", "USD", "0.91"],
    ]);
    expect(read.rates).toEqual([{ currency: "USD", rateToEur: 0.9, date: "2024-12-31" }]);
    expect(read.errors.map((error) => error.line)).toEqual([3, 4, 5]);
    expect(read.errors[2]?.message).toBe("USD on 2024-12-31 is given on line 2 already.");
    expect(readRateRows([["a", "b"]]).errors[0]?.line).toBe(1);
  });
});
