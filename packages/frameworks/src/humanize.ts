/** Turns a wire key into a readable label: `nameOfProductionSite` → `Name of production site`. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ");
  return words
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : isAcronym(word)
          ? word
          : word.toLowerCase(),
    )
    .join(" ");
}

function isAcronym(word: string): boolean {
  return word.length > 1 && word === word.toUpperCase();
}
