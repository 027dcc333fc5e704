/** What the explorer asks of other modules: companies, their active data points, and portfolios. */
export {
  type CompanySelection,
  countSelectedCompanies,
  type NameCursor,
  type SelectedCompany,
  selectedCompaniesByIds,
  selectedCompaniesByName,
  selectedCompaniesPage,
  selectionInNameOrder,
} from "../companies";
export {
  type ActiveDataPointParts,
  type ActiveDimensionData,
  type ActiveValue,
  activeDataPointParts,
  activeValueGrid,
  companiesOrderedByValue,
  companiesWithActiveData,
  dimensionKey,
  type OrderPage,
} from "../datasets";
export { readPortfolio } from "../portfolios";
