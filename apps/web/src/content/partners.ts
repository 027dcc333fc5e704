import assetManagers from "./partner-marks/asset-managers.svg";
import banks from "./partner-marks/banks.svg";
import insurers from "./partner-marks/insurers.svg";
import ngos from "./partner-marks/ngos.svg";
import research from "./partner-marks/research.svg";

/**
 * Operator content: the organisations shown on the landing page and in the footer. Add a partner only
 * with their permission to use their logo. The defaults show the communities Openverde serves, drawn
 * by us.
 */
export interface Partner {
  name: string;
  logo: string;
  href?: string;
}

export const partnersHeading = "Built with and for the people who work with ESG data";

export const partners: Partner[] = [
  { name: "Asset managers", logo: assetManagers },
  { name: "Banks", logo: banks },
  { name: "Insurers", logo: insurers },
  { name: "Civil society", logo: ngos },
  { name: "Research", logo: research },
];
