const struggles = [
  {
    icon: "pi-question-circle",
    title: "Data gaps",
    text: "Many companies are missing from commercial databases, and small and medium-sized ones most of all.",
  },
  {
    icon: "pi-exclamation-triangle",
    title: "Quality issues",
    text: "Figures arrive without a source, so nobody can tell a reported value from an estimate.",
  },
  {
    icon: "pi-lock",
    title: "Usage restrictions",
    text: "Licences forbid sharing the data you paid for, even with the companies it describes.",
  },
  {
    icon: "pi-wallet",
    title: "High price",
    text: "A handful of vendors set the price, and smaller institutions cannot afford what regulators expect.",
  },
];

export function StruggleSection() {
  return (
    <section className="landing-struggle" aria-labelledby="struggle-title">
      <div className="landing__inner">
        <p className="landing__eyebrow">The struggle</p>
        <h2 id="struggle-title" className="landing__section-title">
          Sustainability data should not be this hard to get
        </h2>
        <ul className="landing-cards">
          {struggles.map((struggle) => (
            <li key={struggle.title} className="landing-card">
              <i className={`pi ${struggle.icon} landing-card__icon`} aria-hidden="true" />
              <h3>{struggle.title}</h3>
              <p>{struggle.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
