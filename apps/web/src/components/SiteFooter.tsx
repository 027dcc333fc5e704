import { Link } from "react-router";
import { partners } from "../content/partners";
import { site } from "../content/site";
import { Logo } from "./Logo";
import "./SiteFooter.css";

const apiDocs = [
  { label: "Companies and datasets API", href: "/api/swagger-ui/" },
  { label: "Documents API", href: "/documents/swagger-ui/" },
  { label: "Community API", href: "/community/swagger-ui/" },
  { label: "Quality assurance API", href: "/qa/swagger-ui/" },
  { label: "Users and portfolios API", href: "/users/swagger-ui/" },
  { label: "Specifications API", href: "/specifications/swagger-ui/" },
];

const platformLinks = [
  { label: "About Openverde", to: "/about" },
  { label: "Pricing", to: "/pricing" },
  { label: "API access", to: "/token" },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  const years = year > site.copyrightStartYear ? `${site.copyrightStartYear}–${year}` : String(year);
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section className="site-footer__brand" aria-label="Openverde">
          <Link to="/" className="site-footer__logo" aria-label="Openverde home">
            <Logo inverted />
          </Link>
          <p>Open sustainability data on companies, sourced from their reports and reviewed in the open.</p>
          <a className="site-footer__social" href={site.socialLink.href} rel="noopener noreferrer">
            <i className="pi pi-linkedin" aria-hidden="true" /> {site.socialLink.label}
          </a>
        </section>
        <nav className="site-footer__column" aria-labelledby="footer-api">
          <h2 id="footer-api">API documentation</h2>
          <ul>
            {apiDocs.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href}>{doc.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-platform">
          <h2 id="footer-platform">Platform</h2>
          <ul>
            <li>
              <Link to="/frameworks">Framework overview</Link>
            </li>
            {platformLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__column" aria-labelledby="footer-partners">
          <h2 id="footer-partners">Community</h2>
          <ul className="site-footer__partners">
            {partners.map((partner) => (
              <li key={partner.name}>
                <img src={partner.logo} alt={partner.name} width="120" height="36" />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>
          © {years} {site.operator}
        </p>
        <nav aria-label="Legal">
          <ul>
            <li>
              <Link to="/terms">LEGAL</Link>
            </li>
            <li>
              <Link to="/imprint">IMPRINT</Link>
            </li>
            <li>
              <Link to="/dataprivacy">DATA PRIVACY</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
