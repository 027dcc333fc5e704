/**
 * Operator content: the data campaigns on the landing page. Joining a campaign means telling the
 * operator which companies you want covered; the card opens a pre-filled e-mail.
 */
export interface Campaign {
  framework: string;
  title: string;
  text: string;
  date?: string;
}

export const campaigns: Campaign[] = [
  {
    framework: "EU Taxonomy",
    title: "Taxonomy alignment",
    text: "Turnover, CapEx and OpEx alignment for the companies in your portfolio, sourced from their reports.",
  },
  {
    framework: "SFDR",
    title: "Principal adverse impacts",
    text: "The indicators financial market participants must disclose, collected once and shared with all.",
  },
  {
    framework: "PCAF",
    title: "Financed emissions",
    text: "Emissions and financial figures to attribute a company's footprint to loans and investments.",
  },
  {
    framework: "LkSG",
    title: "Supply-chain due diligence",
    text: "Risk analysis, grievance mechanisms and remedies under the German supply-chain act.",
  },
  {
    framework: "VSME",
    title: "Voluntary SME standard",
    text: "Sustainability basics for small and medium-sized companies, in the format banks ask for.",
    date: "14th of August",
  },
];
