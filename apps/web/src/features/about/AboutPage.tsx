import { ButtonLink } from "../../components/ButtonLink";
import { PlainButton } from "../../components/PlainButton";
import { useAuth } from "../auth";
import { PrinciplesSlider } from "./PrinciplesSlider";
import "./AboutPage.css";

export function AboutPage() {
  return (
    <div className="about">
      <AboutIntro />
      <section className="about-principles" aria-labelledby="principles-title">
        <div className="about__inner">
          <p className="about__eyebrow">Our principles</p>
          <h2 id="principles-title">Six promises behind every figure</h2>
          <PrinciplesSlider />
        </div>
      </section>
    </div>
  );
}

function AboutIntro() {
  const { status, register } = useAuth();
  return (
    <section className="about-intro" aria-labelledby="about-title">
      <div className="about__inner about-intro__inner">
        <svg className="about-intro__leaf" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <path d="M16 6c-5.5 0-10 4.5-10 10s4.5 10 10 10c0-6 3-10 10-10 0-5.5-4.5-10-10-10z" />
        </svg>
        <h1 id="about-title" className="about-intro__title">
          <span>START YOUR</span> <span className="about-intro__accent">OPENVERDE</span> <span>JOURNEY</span>
        </h1>
        <p className="about-intro__lead">
          Openverde began with a simple conviction: the data that shows how companies affect people and planet
          should not sit behind paywalls. We collect it from companies' own reports, review it with care and
          give it to everyone who needs it, from the smallest bank to the largest research institute.
        </p>
        <p className="about-intro__lead">
          The platform is run as a non-profit and built as free software. Its users decide which data gets
          sourced next, and its reviewers make sure the data can be trusted.
        </p>
        {status === "signedIn" ? (
          <ButtonLink to="/platform-redirect">GO TO THE PLATFORM</ButtonLink>
        ) : (
          <PlainButton onClick={() => void register().catch(() => {})}>CREATE YOUR ACCOUNT</PlainButton>
        )}
      </div>
    </section>
  );
}
