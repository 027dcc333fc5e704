import { quotes } from "../../../content/quotes";

export function QuotesSection() {
  if (quotes.length === 0) return null;
  return (
    <section className="landing-quotes" aria-labelledby="quotes-title">
      <div className="landing__inner">
        <h2 id="quotes-title" className="landing__section-title">
          What we stand for
        </h2>
        <ul className="landing-quotes__list">
          {quotes.map((quote) => (
            <li key={quote.text}>
              <figure className="landing-quote">
                <blockquote>
                  <p>{quote.text}</p>
                </blockquote>
                <figcaption>
                  <strong>{quote.author}</strong>
                  <span>{quote.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
