/**
 * Operator content: endorsement quotes for the landing page. Only publish a quote with the written
 * consent of the person named. The defaults are statements of the project itself; when the list is
 * empty the quotes section is not shown.
 */
export interface Quote {
  text: string;
  author: string;
  role: string;
}

export const quotes: Quote[] = [
  {
    text: "Sustainability data should be as easy to check as a balance sheet. We publish where every figure comes from, so anyone can verify it.",
    author: "Openverde",
    role: "Our commitment to transparency",
  },
  {
    text: "A request from one user helps everyone: once a dataset is sourced and reviewed, it is open to all.",
    author: "Openverde",
    role: "How the community works",
  },
  {
    text: "We run on the contributions of the people who use the data, not on selling access to it.",
    author: "Openverde",
    role: "Our non-profit model",
  },
];
