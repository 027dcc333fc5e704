const steps = [
  {
    title: "Search",
    text: "Find a company by name or identifier and see at a glance which data exists for it.",
  },
  {
    title: "Request company's inclusion",
    text: "Missing a company? Tell us, and it is added to the platform for everyone.",
  },
  {
    title: "Request framework data",
    text: "Ask for the frameworks and years you need. Requests from many users are bundled and sourced once.",
  },
  {
    title: "Download",
    text: "Take the reviewed data out as a file or through the API, with every figure linked to its source.",
  },
];

export function HowItWorksSection() {
  return (
    <section className="landing-steps" aria-labelledby="steps-title">
      <div className="landing__inner">
        <p className="landing__eyebrow">How it works</p>
        <h2 id="steps-title" className="landing__section-title">
          From question to data in four steps
        </h2>
        <ol className="landing-steps__list">
          {steps.map((step, index) => (
            <li key={step.title} className="landing-step">
              <span className="landing-step__number" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
