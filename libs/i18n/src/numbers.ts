// Digits and number formatting that do not depend on the browser's locale data: some Android
// builds carry the ICU data of the phone's own language only, so `bn-BD` (or even `en-IN`'s lakh
// grouping) may be missing. Lakh groups are placed here; `bn-BD` is probed once and, when it is
// missing, the Latin figures get their digits mapped.

const BENGALI_ZERO = 0x09e6; // ০

/** '1,250.5' → '১,২৫০.৫'. Leaves every other character as it is. */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
}

/** '১,২৫০' → '1,250'; also the Arabic-Indic digits a phone keyboard may send. */
export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯٠-٩۰-۹]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= BENGALI_ZERO ? BENGALI_ZERO : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - zero);
  });
}

/** Lakh and crore grouping of a plain digit string: '1234567' → '12,34,567'. */
function groupLakh(integer: string): string {
  if (integer.length <= 3) return integer;
  const last3 = integer.slice(-3);
  const rest = integer.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** Whether this browser formats numbers in Bangla itself (probed once; tests set it). */
export const numberSupport = { bengali: undefined as boolean | undefined };
function hasBengali(): boolean {
  if (numberSupport.bengali === undefined) {
    try {
      numberSupport.bengali = new Intl.NumberFormat('bn-BD').format(1234567.5) === '১২,৩৪,৫৬৭.৫';
    } catch {
      numberSupport.bengali = false;
    }
  }
  return numberSupport.bengali;
}

const bengaliFormats = new Map<string, Intl.NumberFormat>();

export interface NumberStyle {
  /** Bengali digits (০-৯) rather than Latin ones. */
  bengali: boolean;
  /** At most this many decimals (default 0). */
  decimals?: number;
  /** Always show `decimals` decimals (money on a receipt). */
  fixed?: boolean;
}

/**
 * 1234567.5 → '12,34,567.5' or '১২,৩৪,৫৬৭.৫': lakh and crore grouping in both scripts. Latin
 * figures are grouped here (no `en-IN` data needed); Bengali ones come from the browser when it
 * has `bn-BD`, else are the Latin figures with their digits mapped.
 */
export function formatDigits(value: number, { bengali, decimals = 0, fixed = false }: NumberStyle): string {
  const n = Number.isFinite(value) ? value : 0;
  if (bengali && hasBengali()) {
    const key = `${decimals}|${fixed}`;
    if (!bengaliFormats.has(key)) {
      bengaliFormats.set(key, new Intl.NumberFormat('bn-BD', { maximumFractionDigits: decimals, minimumFractionDigits: fixed ? decimals : 0 }));
    }
    return bengaliFormats.get(key)!.format(n);
  }
  const [integer, fraction = ''] = Math.abs(n).toFixed(decimals).split('.');
  const kept = fixed ? fraction : fraction.replace(/0+$/, '');
  const sign = n < 0 && (Number(integer) > 0 || Number(kept) > 0) ? '-' : '';
  const latin = `${sign}${groupLakh(integer)}${kept ? `.${kept}` : ''}`;
  return bengali ? toBengaliDigits(latin) : latin;
}
