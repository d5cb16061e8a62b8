/**
 * Check digit of a Bulgarian ЕИК/БУЛСТАТ (9 or 13 digits), per the Registry Agency's algorithm.
 * Lengths 10–12 (a freelancer's ЕГН-based Bulstat, etc.) have no check here: returns true.
 */
export function hasValidEikChecksum(eik: string): boolean {
  if (!/^\d+$/.test(eik)) return false;
  const d = [...eik].map(Number);
  if (eik.length === 9) return nineDigitCheck(d) === d[8];
  if (eik.length === 13) {
    if (nineDigitCheck(d) !== d[8]) return false;
    return thirteenDigitCheck(d) === d[12];
  }
  return true;
}

function nineDigitCheck(d: number[]): number {
  let r = sum(d, [1, 2, 3, 4, 5, 6, 7, 8], 0) % 11;
  if (r === 10) r = sum(d, [3, 4, 5, 6, 7, 8, 9, 10], 0) % 11;
  return r === 10 ? 0 : r;
}

function thirteenDigitCheck(d: number[]): number {
  let r = sum(d, [2, 7, 3, 5], 8) % 11;
  if (r === 10) r = sum(d, [4, 9, 5, 7], 8) % 11;
  return r === 10 ? 0 : r;
}

function sum(d: number[], weights: number[], offset: number): number {
  return weights.reduce((total, weight, i) => total + weight * (d[offset + i] ?? 0), 0);
}
