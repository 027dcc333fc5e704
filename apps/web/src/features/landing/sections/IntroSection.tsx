import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { PlainButton } from "../../../components/PlainButton";

/** Searching happens on the companies page; signed-out visitors sign in first and come back there. */
export function IntroSection() {
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState("");

  const search = (event: FormEvent) => {
    event.preventDefault();
    const query = searchText.trim();
    navigate(query ? `/companies?search=${encodeURIComponent(query)}` : "/companies");
  };

  return (
    <section className="landing-intro" aria-labelledby="intro-title">
      <div className="landing__inner landing-intro__inner">
        <h2 id="intro-title">Start with a company</h2>
        <p>
          Look up any company to see which frameworks we hold data for, read each figure next to the report it
          comes from, or ask for the data you are missing.
        </p>
        <search>
          <form className="landing-intro__search" onSubmit={search}>
            <label htmlFor="landing-search" className="visually-hidden">
              Company name or identifier
            </label>
            <span className="landing-intro__field">
              <i className="pi pi-search" aria-hidden="true" />
              <input
                id="landing-search"
                className="p-inputtext p-component"
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder="Search for a company to view or request data..."
                autoComplete="off"
              />
            </span>
            <PlainButton type="submit">Search</PlainButton>
          </form>
        </search>
      </div>
    </section>
  );
}
