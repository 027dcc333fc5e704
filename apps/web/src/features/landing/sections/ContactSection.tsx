import { enquiry, site } from "../../../content/site";

const enquiryLink = `mailto:${site.contactEmail}?subject=${encodeURIComponent(enquiry.subject)}&body=${encodeURIComponent(enquiry.body)}`;

export function ContactSection() {
  return (
    <section className="landing-contact" aria-labelledby="contact-title">
      <div className="landing__inner">
        <div className="landing-contact__card">
          <div>
            <p className="landing__eyebrow">Get in touch</p>
            <h2 id="contact-title">Questions, ideas or data to share?</h2>
            <p>
              Whether you want to contribute data, support a campaign or connect your systems to our API, we
              would like to hear from you. The button opens an e-mail with a few questions already filled in.
            </p>
          </div>
          <a className="p-button p-component button-link landing-contact__button" href={enquiryLink}>
            <i className="pi pi-envelope" aria-hidden="true" />
            <span>Write to {site.contactEmail}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
