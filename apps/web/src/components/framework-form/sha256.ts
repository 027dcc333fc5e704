/** SHA-256 of a file in the browser, so a report already on the platform is not sent again. */

export const WEB_CRYPTO_UNAVAILABLE = "Web Crypto API is not available.";

export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(
  data: Blob | ArrayBuffer,
  subtle: SubtleCrypto | null | undefined = globalThis.crypto?.subtle,
): Promise<string> {
  if (!subtle) throw new Error(WEB_CRYPTO_UNAVAILABLE);
  const bytes = data instanceof ArrayBuffer ? data : await data.arrayBuffer();
  return toHex(await subtle.digest("SHA-256", bytes));
}

/** Whether a file is a PDF: by its first bytes (`%PDF-`), whatever its name says. */
export async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === "%PDF-";
}

/** A report name from a file name: without the extension, and without characters the platform refuses. */
export function reportNameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.pdf$/i, "")
    .replace(/[<>:"|?/*\\]/g, "_")
    .trim()
    .replace(/[.\s]+$/, "");
  return base.slice(0, 254) || "Report";
}

/** The filename rule of spec §5 for report names. */
export function reportNameProblem(name: string): string | undefined {
  if (name.length < 1 || name.length > 254) return "A report name has 1 to 254 characters.";
  if (/[<>:"|?/*\\]/.test(name)) return 'A report name may not contain < > : " | ? / * \\.';
  if (/^\s/.test(name)) return "A report name may not start with a space.";
  if (/[.\s]$/.test(name)) return "A report name may not end with a dot or a space.";
  return undefined;
}
