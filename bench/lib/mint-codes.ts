import { mintCode, type CookieJar, type MintedCode, type OidcTarget } from '../../spec/support/oidc/headless-flow.js';

/** `count` codes, minted four at a time (the authorization flow's pace is not what is measured). */
export const mintMany = async (target: OidcTarget, jar: CookieJar, count: number, offline = false): Promise<MintedCode[]> => {
  const codes: MintedCode[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const own = jar.clone();
      while (codes.length < count) codes.push(await mintCode(target, own, { offline }));
    }),
  );
  return codes.slice(0, count);
};
