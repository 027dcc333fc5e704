import { partners, partnersHeading } from "../../../content/partners";

export function PartnersSection() {
  if (partners.length === 0) return null;
  return (
    <section className="landing-partners" aria-labelledby="partners-title">
      <div className="landing__inner">
        <h2 id="partners-title" className="landing-partners__title">
          {partnersHeading}
        </h2>
        <ul className="landing-partners__list">
          {partners.map((partner) => (
            <li key={partner.name}>
              {partner.href ? (
                <a href={partner.href} rel="noopener noreferrer">
                  <img src={partner.logo} alt={partner.name} width="180" height="48" />
                </a>
              ) : (
                <img src={partner.logo} alt={partner.name} width="180" height="48" />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
