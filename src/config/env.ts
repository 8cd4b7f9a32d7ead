/** The process environment as configuration reads it: names to raw values, any of them absent. */
export type Env = Record<string, string | undefined>;
