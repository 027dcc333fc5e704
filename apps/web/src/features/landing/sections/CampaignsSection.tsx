import { type Campaign, campaigns } from "../../../content/campaigns";
import { site } from "../../../content/site";

const joinLink = (campaign: Campaign) => {
  const subject = `Joining the ${campaign.framework} campaign`;
  const body = `Hello Openverde team,\n\nwe would like to join the ${campaign.framework} campaign. The companies we are interested in:\n\n`;
  return `mailto:${site.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};

export function CampaignsSection() {
  return (
    <section className="landing-campaigns" aria-labelledby="campaigns-title">
      <div className="landing__inner">
        <p className="landing__eyebrow">Join a campaign</p>
        <h2 id="campaigns-title" className="landing__section-title">
          Close the gaps together
        </h2>
        <p className="landing__section-lead">
          In a campaign, everyone who needs the same framework data pools their requests. We source the data
          once, review it, and publish it for all.
        </p>
        <ul className="landing-cards landing-cards--five">
          {campaigns.map((campaign) => (
            <li key={campaign.framework} className="landing-card landing-campaign">
              <p className="landing-campaign__framework">{campaign.framework}</p>
              <h3>{campaign.title}</h3>
              <p>{campaign.text}</p>
              {campaign.date ? (
                <p className="landing-campaign__date">
                  <i className="pi pi-calendar" aria-hidden="true" /> {campaign.date}
                </p>
              ) : null}
              <a className="landing-campaign__join" href={joinLink(campaign)}>
                Join the {campaign.framework} campaign
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
