/**
 * What the impact module asks other modules, through their index.ts: portfolios (the portfolio and
 * who may read or change it), companies (which company an identifier names, company names), datasets
 * (the active data points of the SFDR and PCAF datasets, the periods with data), identity (the demo
 * user) and the audit trail (admins changing someone else's positions, and the currency rates).
 */
export { recordAudit } from "../audit";
export { getCompanyNames, validateIdentifiers } from "../companies";
export { activeDataPoints, availableDimensions } from "../datasets";
export { findUserByUsername } from "../identity";
export { type PortfolioRow, readPortfolio } from "../portfolios";
