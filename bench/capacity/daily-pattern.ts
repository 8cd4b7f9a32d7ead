import type { Work } from './model.js';

/** How a population uses the service over a day: the assumptions the ten-million-user figures rest on. */
export interface DailyPattern {
  users: number;
  /** The share of users who use the service on a given day. */
  dailyActiveShare: number;
  /** Session checks (GET /users/me or a proxy's /auth/verify) a day for each active user: one per page or API call of the applications behind Gatehouse. */
  sessionChecksPerActiveUser: number;
  /** The distinct minutes in which an active user's session is checked: each writes last_seen_at once. */
  activeMinutesPerActiveUser: number;
  /** Password sign-ins a day for each active user (a session lasts up to 7 days idle, 30 in all). */
  loginsPerActiveUser: number;
  /** The share of active users who also use an OpenID application. */
  openIdShare: number;
  /** Minutes a day such an application holds a user's tokens while in use: it refreshes once an access token's lifetime. */
  openIdMinutesPerUser: number;
  refreshEveryMinutes: number;
  /** Userinfo calls a day for each OpenID user (applications that call it on every request of their own). */
  userinfoPerOpenIdUser: number;
  /** Sessions alive at once: each login's lives up to 7 days idle and 30 in all. */
  liveSessions: number;
  /** The busiest hour's rate over the day's mean; logins bunch more (the start of the working day). */
  peakToMean: number;
  loginPeakToMean: number;
}

/** Ten million users, a workforce-like day (docs/scaling.md says why each number). */
export const TEN_MILLION: DailyPattern = {
  users: 10_000_000,
  dailyActiveShare: 0.2,
  sessionChecksPerActiveUser: 300,
  activeMinutesPerActiveUser: 120,
  loginsPerActiveUser: 0.3,
  openIdShare: 0.5,
  openIdMinutesPerUser: 120,
  refreshEveryMinutes: 10,
  userinfoPerOpenIdUser: 100,
  liveSessions: 5_000_000,
  peakToMean: 3,
  loginPeakToMean: 5,
};

const DAY_S = 86_400;

/** Each kind of work a day. */
export const perDay = (p: DailyPattern): Record<Work, number> => {
  const active = p.users * p.dailyActiveShare;
  const openId = active * p.openIdShare;
  return {
    session: active * p.sessionChecksPerActiveUser,
    touch: active * Math.min(p.activeMinutesPerActiveUser, p.sessionChecksPerActiveUser),
    login: active * p.loginsPerActiveUser,
    refresh: openId * (p.openIdMinutesPerUser / p.refreshEveryMinutes),
    userinfo: openId * p.userinfoPerOpenIdUser,
  };
};

/** The rates a second of the busiest hour. */
export const peakRates = (p: DailyPattern): Record<Work, number> => {
  const day = perDay(p);
  const peak = (work: Work): number => (day[work] / DAY_S) * (work === 'login' ? p.loginPeakToMean : p.peakToMean);
  return { session: peak('session'), touch: peak('touch'), login: peak('login'), refresh: peak('refresh'), userinfo: peak('userinfo') };
};
