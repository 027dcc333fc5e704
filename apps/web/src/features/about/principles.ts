export interface Principle {
  title: string;
  text: string;
}

export const principles: Principle[] = [
  {
    title: "Integrity",
    text: "We publish data as companies report it. No figure is adjusted to fit a story, and every correction leaves a trace.",
  },
  {
    title: "Disclosure",
    text: "Every value points to the report and page it comes from, so you can check it yourself in seconds.",
  },
  {
    title: "Transparency",
    text: "Our review process, our code and the rules for who may do what are open for anyone to read.",
  },
  {
    title: "Accountability",
    text: "Each dataset names who uploaded it and who reviewed it. Mistakes are corrected in the open.",
  },
  {
    title: "Neutrality",
    text: "We do not rate, rank or recommend companies. We provide the facts and leave the judgement to you.",
  },
  {
    title: "Collaboration",
    text: "Users, companies and reviewers build the data together. What one member sources, everyone can use.",
  },
];
