import "./CompanySuggestion.css";
import { type SuggestedCompany, suggestionDetails } from "./company-suggestions";

/** One suggestion of a company type-ahead: the name, and below it where the company sits and its LEI. */
export function CompanySuggestion({ company }: { company: SuggestedCompany }) {
  const details = suggestionDetails(company);
  return (
    <>
      <span className="company-suggestion__name">{company.companyName}</span>
      {details ? <span className="company-suggestion__details">{details}</span> : null}
    </>
  );
}
