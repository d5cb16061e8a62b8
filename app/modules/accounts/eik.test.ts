import { describe, expect, it } from "vitest";
import { hasValidEikChecksum } from "./eik";

describe("hasValidEikChecksum", () => {
  it.each([
    ["175074752", true], // domain notes' test vector
    ["175074751", false], // domain notes' test vector
    ["121220328", true],
    ["000000000", true],
    ["12345678a", false],
    // 13 digits: the first nine must be a valid EIK; then r = 2·d9 + 7·d10 + 3·d11 + 5·d12 (mod 11).
    ["1750747520004", true], // 2·2 = 4
    ["1750747520005", false],
    ["1750747520019", true], // 2·2 + 5·1 = 9
    ["1750747510004", false], // valid tail on an invalid 9-digit EIK
  ])("%s → %s", (eik, expected) => {
    expect(hasValidEikChecksum(eik)).toBe(expected);
  });

  it("uses the second weights when the first sum gives 10", () => {
    // d1..d8 = 1,0,0,0,0,0,0,1 → 1·1 + 8·1 = 9: fine; 0,0,0,0,0,0,0,0 with d… → exercise r = 10:
    // 1·d1 + … + 8·d8 = 10 for 00000000 + d2=5 (2·5 = 10) → second weights: 4·5 = 20 mod 11 = 9.
    expect(hasValidEikChecksum("050000009")).toBe(true);
    expect(hasValidEikChecksum("050000000")).toBe(false);
  });
});
