// The PDF uses the standard Helvetica and Courier fonts (nothing to embed or ship), which only cover Windows-1252.
// Text is folded into that set first: accents are kept where the set has them, dropped where it does not
// ('Ł' -> 'L'), and anything else becomes '?', instead of pdfkit writing bytes that render as wrong letters.
const winAnsiExtras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const replacements: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '\u00a0': ' ',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.includes(char);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    const replacement = replacements[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const stripped = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += stripped && [...stripped].every(isWinAnsi) ? stripped : '?';
  }
  return out;
}

/** The add-ons the order bought, as each ticket's page lists them (decision 134); null when it bought none. */
export function addOnsText(addOns: ReadonlyArray<{ name: string; quantity: number }>): string | null {
  if (addOns.length === 0) return null;
  return addOns.map((line) => `${line.quantity} × ${line.name}`).join(', ');
}
