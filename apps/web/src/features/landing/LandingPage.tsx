import { CampaignsSection } from "./sections/CampaignsSection";
import { ClaimSection } from "./sections/ClaimSection";
import { ContactSection } from "./sections/ContactSection";
import { HowItWorksSection } from "./sections/HowItWorksSection";
import { IntroSection } from "./sections/IntroSection";
import { PartnersSection } from "./sections/PartnersSection";
import { QuotesSection } from "./sections/QuotesSection";
import { StruggleSection } from "./sections/StruggleSection";
import { WelcomeSection } from "./sections/WelcomeSection";
import "./LandingPage.css";

/** The home page, its sections in the order of spec §2. */
export function LandingPage() {
  return (
    <div className="landing">
      <WelcomeSection />
      <IntroSection />
      <QuotesSection />
      <PartnersSection />
      <StruggleSection />
      <HowItWorksSection />
      <ClaimSection />
      <CampaignsSection />
      <ContactSection />
    </div>
  );
}
