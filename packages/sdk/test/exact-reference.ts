// An exact rational reference for f64 values that shares no code with src/: it finds the
// power of two that makes the double an integer by repeated (exact) doubling.
export function exactRational(x: number): { num: bigint; den: bigint } {
  let y = x;
  let den = 1n;
  while (!Number.isInteger(y)) {
    y *= 2;
    den *= 2n;
  }
  return { num: BigInt(y), den };
}

export function floorDiv(num: bigint, den: bigint): bigint {
  return num / den;
}

export function ceilDiv(num: bigint, den: bigint): bigint {
  return (num + den - 1n) / den;
}
