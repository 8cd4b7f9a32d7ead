/**
 * Every value of an option that may be repeated (`--redirect-uri A --redirect-uri B`, or `--redirect-uri A B`).
 * The parser keeps only the last occurrence of a repeated option (duplicate-arguments-array is off,
 * so a repeated `--email` never turns into a list), so the few list options are read from argv here.
 */
export const repeatedOption = (argv: readonly string[], name: string): string[] => {
  const values: string[] = [];
  const flag = `--${name}`;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (token.startsWith(`${flag}=`)) values.push(token.slice(flag.length + 1));
    else if (token === flag) for (; i + 1 < argv.length && !argv[i + 1]!.startsWith('-'); i++) values.push(argv[i + 1]!);
  }
  return values;
};
