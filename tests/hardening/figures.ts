// The figures issue 14 asks the test run to print: one clear line each, so they show in `npm test`.
export function figure(name: string, value: number | string, extra = ''): void {
  console.log(`HARDENING FIGURE: ${name} = ${value}${extra ? ` (${extra})` : ''}`);
}
