export function WelcomeSection() {
  return (
    <section className="landing-welcome" aria-labelledby="welcome-title">
      <div className="landing__inner landing-welcome__inner">
        <p className="landing__eyebrow">Open, non-profit ESG data</p>
        <h1 id="welcome-title">
          Liberate data.
          <br />
          <span className="landing-welcome__accent">Empower autonomy.</span>
        </h1>
        <p className="landing-welcome__lead">
          Openverde is the alternative to data monopolies: sustainability data on companies, taken from their
          own reports, reviewed in the open and free for everyone to use.
        </p>
      </div>
    </section>
  );
}
